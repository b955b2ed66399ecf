"""The statements and questions of the long-chat dev set (:mod:`chatcompact.evaluation.long_chat`).

Each :class:`Card` is a statement someone in a project chat makes (with ``{slot}`` values filled per chat) and a
question that asks for it in other words: no content word of the question is in the statement (checked, stemmed,
by ``long_chat.overlap``). A card with two statements is a revised fact: the old one (``{slot_old}`` values) comes
early in the chat, the new one late; the question asks for the current state and both are its evidence.
Written for this set; free to use with the project's license.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    key: str
    ask: str
    says: tuple[str, ...]
    kind: str = "fact"  # fact | preference | update | advice | event
    role: str = "user"  # who makes the statement


def _c(key: str, ask: str, *says: str, kind: str = "fact", role: str = "user") -> Card:
    return Card(key, ask, says, kind, role)


CARDS: list[Card] = [
    _c(
        "staging-ram",
        "What hardware limit does our pre-production machine have?",
        "Heads-up: the staging box only has {ram} of RAM, so anything memory hungry is out.",
    ),
    _c(
        "demo-date",
        "When do we present the product to the customer?",
        "The client demo is scheduled for {date}, so I want the admin screens polished before then.",
        kind="event",
    ),
    _c(
        "approvals",
        "What review rule did my boss set for code changes?",
        "My manager {name} insists that every pull request gets two approvals before merging.",
    ),
    _c(
        "deploy",
        "How does a release get shipped, and where does it run?",
        "We deploy with {deploy} onto a single {cloud} VM right now.",
    ),
    _c(
        "short-answers",
        "How do I like responses formatted?",
        "I'd rather keep answers short; bullet points are fine.",
        kind="preference",
    ),
    _c(
        "pg-version",
        "Which release of the database engine are we stuck on?",
        "The Postgres instance is version {pgver} and we can't upgrade it this quarter.",
    ),
    _c(
        "ci-time",
        "How slow is the automated checking pipeline?",
        "Our test suite currently takes about {minutes} minutes on CI, which is painful.",
    ),
    _c(
        "frontend-dev",
        "Who builds the user interface side of the project?",
        "I'm the only backend developer on the team; {name2} handles the React frontend.",
    ),
    _c(
        "broker",
        "Which message queue handles asynchronous work?",
        "We picked {queue} as the task broker for background jobs.",
    ),
    _c(
        "alerts",
        "Where do crash notifications end up?",
        "Sentry is wired up for error reporting, and alerts go to the #{channel} Slack channel.",
    ),
    _c(
        "region",
        "Where are most of our users located geographically?",
        "Customers are mostly in {region}, so latency to that part of the world matters most.",
    ),
    _c(
        "audit-logs",
        "How long does compliance demand that the trail of actions be retained?",
        "Legal told us we must keep audit logs for {years} years.",
    ),
    _c(
        "hosting-budget",
        "What's the ceiling on infrastructure spending?",
        "The budget for hosting is capped at {money} per month.",
    ),
    _c("editor", "What coding environment am I working in?", "I use {editor}, if that helps with setup instructions."),
    _c(
        "mobile-client",
        "What kind of client depends on the endpoints we expose?",
        "Our API is consumed by a mobile app written in {mobile}, so response shapes can't change without a "
        "version bump.",
    ),
    _c(
        "python-target",
        "Which interpreter release is the migration aiming at?",
        "We're targeting Python {pyver} for the upgrade.",
    ),
    _c(
        "metric",
        "What measurement system should samples follow?",
        "Please use metric units in any examples.",
        kind="preference",
    ),
    _c(
        "dataframes",
        "Which dataframe toolkit do I favour?",
        "I prefer {lib} over the alternatives for this kind of data wrangling.",
        kind="preference",
    ),
    _c(
        "beta",
        "When will outsiders first get access to the trial version?",
        "The target for opening the beta to the public is {bdate_old}.",
        "Change of plans: the public beta slipped to {bdate} because of the payment integration.",
        kind="update",
    ),
    _c(
        "uploads",
        "Where do user attachments live at the moment?",
        "For now uploaded files sit on the local disk of the web server.",
        "We moved uploads over to {storage} last week.",
        kind="update",
    ),
    _c(
        "company",
        "What does the business sell, and to whom?",
        "Our company is called {company} and the product is an invoicing tool for freelancers.",
    ),
    _c(
        "friday",
        "When am I unavailable at the end of the week?",
        "I have a hard stop at {time} on Fridays, so keep Friday tasks small.",
    ),
    _c(
        "codebase-size",
        "How big is the project's source, and which module dominates?",
        "The codebase is around {loc} lines, most of it in the billing app.",
    ),
    _c(
        "replicas",
        "How many secondary copies of the database serve queries?",
        "We run {replicas} read replicas behind the primary.",
    ),
    _c(
        "timezone",
        "How should dates be saved and displayed?",
        "Timezone handling is a sore spot: all timestamps must be stored in UTC and shown in {tz}.",
    ),
    _c(
        "legacy",
        "What was the legacy platform built with?",
        "The old system was written in {oldlang} and we're porting it piece by piece.",
    ),
    _c(
        "cookies",
        "What did the audit demand about browser login tokens?",
        "Security review flagged that session cookies must be marked secure and httponly.",
    ),
    _c(
        "password",
        "What's the minimum length for account secrets?",
        "Our password policy requires at least {chars} characters.",
    ),
    _c(
        "backup",
        "When are database snapshots taken, and how long are they stored?",
        "The nightly backup runs at {hour} and is kept for {days} days.",
    ),
    _c("home-city", "Where do I live?", "I'm based in {city}, so I'm usually online during European mornings."),
    _c("accounts", "How large is our current user base?", "We have about {users} active accounts right now."),
    _c(
        "locales",
        "Which locales does the product offer?",
        "Translation files are managed in Weblate, and we support {langs}.",
    ),
    _c(
        "flags", "How are experimental switches controlled?", "Feature flags come from {flags}; don't hardcode toggles."
    ),
    _c(
        "sick",
        "Why did the schema change work get delayed?",
        "I was out sick most of last week, which is why the migration stalled.",
        kind="event",
    ),
    _c(
        "complaint",
        "Which major account grumbled, and about what?",
        "We got a complaint from {bigclient}, our largest customer, about slow CSV exports.",
        kind="event",
    ),
    _c(
        "lint",
        "What style checker and width do we enforce?",
        "Our linting setup is {linter} with a line length of {width}.",
    ),
    _c(
        "index-advice",
        "What did you suggest to speed up that slow table of bills?",
        "My recommendation: add a composite index on (tenant_id, created_at) for the invoice listing.",
        kind="advice",
        role="assistant",
    ),
    _c(
        "signed-urls",
        "How did you propose protecting the file fetch endpoints?",
        "I'd go with signed URLs that expire after {mins} minutes for the download links.",
        kind="advice",
        role="assistant",
    ),
    _c(
        "n-plus-one",
        "How did you tell me to cut down on repeated database round-trips?",
        "To avoid the N+1 problem, use select_related('customer') and prefetch_related('line_items') in the queryset.",
        kind="advice",
        role="assistant",
    ),
    _c(
        "vcs",
        "Where is the code hosted, and what branching style do we follow?",
        "The repository lives on {host} and we use trunk-based development.",
    ),
    _c(
        "team-size",
        "How many folks work on this?",
        "We are a team of {team} people, including two part-time contractors.",
    ),
    _c(
        "vat",
        "Why does tax need its own line on bills?",
        "Invoices must show VAT separately because of the rules in {country}.",
    ),
    _c(
        "finance-report",
        "What did the accounting colleague request?",
        "{name3} from finance asked for a monthly revenue report in Excel format.",
        kind="event",
    ),
    _c("sla", "What availability promise do subscribers get?", "Our uptime target is {sla} for the paid tier."),
    _c(
        "email",
        "Which service sends our notifications, and what is its daily cap?",
        "Email goes out through {mailer}; the free plan limits us to {emails} messages a day.",
    ),
    _c(
        "gunicorn",
        "What server process change did I attempt that failed?",
        "I already tried bumping gunicorn workers to {workers}, it didn't help.",
        kind="event",
    ),
    _c(
        "sso",
        "How do people log into the app currently?",
        "Authentication is plain username and password for now.",
        "We switched sign-in over to {sso} single sign-on this week.",
        kind="update",
    ),
    _c(
        "cache",
        "What keeps temporary computed results around?",
        "Caching is done with the local memory backend.",
        "We replaced the cache with {cache} yesterday.",
        kind="update",
    ),
    _c(
        "views-style",
        "Which style of request handlers do I like?",
        "I find function-based views easier to read than class-based ones, so stick with those.",
        kind="preference",
    ),
    _c("native", "What is my native tongue?", "My first language is {lang}, so plain English helps."),
    _c(
        "pricing",
        "How much do the subscription tiers cost?",
        "The pricing page lists three plans: Starter at {p1}, Pro at {p2} and Enterprise on request.",
    ),
    _c(
        "fiscal",
        "At what point in the calendar does the accounting period close?",
        "Our fiscal year ends in {month}, which is when the big reporting crunch happens.",
    ),
    _c(
        "registry",
        "Where do container artifacts get published?",
        "Docker images are built by GitHub Actions and pushed to {registry}.",
    ),
    _c(
        "outage",
        "What caused the downtime, and how long did it last?",
        "We took the site down for {hours} hours on {date2} because a migration locked the orders table.",
        kind="event",
    ),
    _c(
        "load-test",
        "What throughput breaks the service under stress?",
        "Load testing with {loadtool} showed we fall over at about {rps} requests per second.",
    ),
    _c(
        "marketing-site",
        "What powers the promotional web pages?",
        "The marketing site is a separate {cms} install, not part of this repo.",
    ),
    _c(
        "leave",
        "When will I be away from work for family reasons?",
        "I'm planning to take parental leave starting {date3}.",
        kind="event",
    ),
    _c(
        "wcag",
        "Why must the interface meet disability standards?",
        "We need WCAG AA accessibility compliance because of a public sector contract.",
    ),
    _c(
        "search-engine",
        "What engine powers lookups across records?",
        "Search is handled by {search}, with a nightly reindex.",
    ),
    _c(
        "vault",
        "Where can I find the credentials for the pre-production site?",
        "Our staging URL is behind basic auth; the password is in 1Password under '{vault}'.",
    ),
    _c(
        "tests-first",
        "Should examples come with checks attached?",
        "Whenever you write code for me, include a pytest case for it.",
        kind="preference",
    ),
    _c(
        "retry-advice",
        "How did you say flaky third-party calls ought to be handled?",
        "Wrap the payment gateway request in exponential backoff with at most {tries} attempts and a jittered delay.",
        kind="advice",
        role="assistant",
    ),
]

# Values each slot draws from (two different ones per chat: the slot and its ``_old`` twin).
SLOTS: dict[str, list[str]] = {
    "ram": ["2 GB", "4 GB", "1 GB", "3 GB"],
    "date": ["March 14", "April 2", "May 19", "June 6", "July 23", "September 9", "October 30", "November 12"],
    "date2": ["March 14", "April 2", "May 19", "June 6", "July 23", "September 9", "October 30", "November 12"],
    "date3": ["March 14", "April 2", "May 19", "June 6", "July 23", "September 9", "October 30", "November 12"],
    "bdate": ["March 14", "April 2", "May 19", "June 6", "July 23", "September 9", "October 30", "November 12"],
    "name": ["Priya", "Marek", "Oluwaseun", "Hannah", "Tomás", "Keiko"],
    "name2": ["Lena", "Rafael", "Aisha", "Jonas", "Mei", "Carlos"],
    "name3": ["Gregor", "Fatima", "Ingrid", "Dmitri", "Sofia", "Kwame"],
    "deploy": ["Ansible", "Kamal", "a hand-written Fabric script", "Capistrano"],
    "cloud": ["Hetzner", "DigitalOcean", "Linode", "Scaleway"],
    "pgver": ["12", "13", "11", "14"],
    "minutes": ["25", "40", "18", "55"],
    "queue": ["RabbitMQ", "Redis", "Amazon SQS", "Kafka"],
    "channel": ["ops-fires", "backend-alerts", "oncall", "prod-errors"],
    "region": ["Brazil", "Southeast Asia", "Scandinavia", "Australia", "West Africa"],
    "years": ["seven", "five", "ten", "six"],
    "money": ["$400", "€250", "$900", "£300"],
    "editor": ["PyCharm", "Neovim", "VS Code", "Emacs"],
    "mobile": ["Flutter", "Swift", "Kotlin", "React Native"],
    "pyver": ["3.12", "3.11", "3.13", "3.10"],
    "lib": ["pandas", "polars", "DuckDB"],
    "storage": ["S3", "Backblaze B2", "Cloudflare R2", "Google Cloud Storage"],
    "company": ["Quillpay", "Brightbill", "Tallyho", "Invoicery"],
    "time": ["3 pm", "2 pm", "4:30 pm", "noon"],
    "loc": ["80k", "120k", "45k", "200k"],
    "replicas": ["two", "three", "four"],
    "tz": ["Europe/Berlin", "America/Sao_Paulo", "Asia/Singapore", "Australia/Sydney"],
    "oldlang": ["PHP 5", "Perl", "ColdFusion", "classic ASP"],
    "chars": ["12", "14", "16", "10"],
    "hour": ["02:00", "03:30", "01:15", "04:00"],
    "days": ["30", "14", "90", "60"],
    "city": ["Lisbon", "Kraków", "Tallinn", "Porto", "Ljubljana"],
    "users": ["12,000", "3,500", "48,000", "900"],
    "langs": ["German, French and Dutch", "Spanish and Portuguese", "Polish and Czech", "Italian and Greek"],
    "flags": ["Unleash", "LaunchDarkly", "a settings table", "Flagsmith"],
    "bigclient": ["Northwind Logistics", "Acme Studios", "Bluefin Retail", "Orbit Health"],
    "linter": ["ruff", "flake8", "pylint"],
    "width": ["100", "120", "88", "79"],
    "mins": ["15", "10", "30", "5"],
    "host": ["GitLab", "GitHub", "Bitbucket", "a self-hosted Gitea"],
    "team": ["six", "four", "nine", "five"],
    "country": ["Germany", "the Netherlands", "Ireland", "Belgium"],
    "sla": ["99.9%", "99.5%", "99.95%"],
    "mailer": ["Postmark", "Mailgun", "SendGrid", "Amazon SES"],
    "emails": ["100", "300", "500"],
    "workers": ["8", "12", "16", "6"],
    "sso": ["Okta", "Google Workspace", "Azure AD", "Keycloak"],
    "cache": ["Redis", "Memcached", "Valkey"],
    "lang": ["Portuguese", "Polish", "Turkish", "Vietnamese", "Ukrainian"],
    "p1": ["$9", "$12", "€8", "$15"],
    "p2": ["$29", "$49", "€35", "$39"],
    "month": ["June", "March", "September", "December"],
    "registry": ["GHCR", "Docker Hub", "Amazon ECR", "Quay"],
    "hours": ["two", "three", "four"],
    "loadtool": ["Locust", "k6", "JMeter", "wrk"],
    "rps": ["350", "800", "1,200", "150"],
    "cms": ["WordPress", "Ghost", "Webflow", "Wagtail"],
    "search": ["Elasticsearch", "Meilisearch", "Typesense", "OpenSearch"],
    "vault": ["Staging Gate", "QA Basic Auth", "Preprod Door", "Env Access"],
    "tries": ["5", "3", "4", "6"],
}
