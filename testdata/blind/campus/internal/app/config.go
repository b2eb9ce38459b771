// Package app holds configuration and the wire provider sets shared by the
// binaries under cmd/.
package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/quadhall/housing/internal/api"
	"github.com/quadhall/housing/internal/commandbus"
	"github.com/quadhall/housing/internal/contractorstatus"
	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/housing"
	"github.com/quadhall/housing/internal/httpclient"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/maintenance"
	"github.com/quadhall/housing/internal/mealplan"
	"github.com/quadhall/housing/internal/metrics"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/providers/locksmith"
	"github.com/quadhall/housing/internal/providers/mailer"
	"github.com/quadhall/housing/internal/providers/pager"
	"github.com/quadhall/housing/internal/providers/payouts"
	"github.com/quadhall/housing/internal/providers/worknet"
	"github.com/quadhall/housing/internal/store"
	"github.com/quadhall/housing/internal/webhooks"
)

// Config is read from the environment at start-up.
type Config struct {
	HTTPAddr  string
	AWSRegion string
	LogLevel  string

	Database             store.Config
	CardProc             cardproc.Config
	Payouts              payouts.Config
	WorkNet              worknet.Config
	Pager                pager.Config
	Locksmith            locksmith.Config
	Mailer               mailer.Config
	ContractorQueue      contractorstatus.QueueURL
	Deposit              housing.DepositPolicy
	MealPlanLimits       mealplan.Limits
	Site                 maintenance.SiteAddress
	StudentServicesEmail webhooks.StudentServicesEmail
}

// LoadConfig reads Config from the environment.
func LoadConfig() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	opt := func(k, def string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return def
	}
	cents := func(k string, def int64) int64 {
		v, err := strconv.ParseInt(opt(k, strconv.FormatInt(def, 10)), 10, 64)
		if err != nil {
			missing = append(missing, k+" (not an integer)")
		}
		return v
	}

	cfg := Config{
		HTTPAddr:  opt("HTTP_ADDR", ":8080"),
		AWSRegion: opt("AWS_REGION", "us-east-1"),
		LogLevel:  opt("LOG_LEVEL", "info"),
		Database: store.Config{
			URL:          req("DATABASE_URL"),
			MaxOpenConns: int(cents("DATABASE_MAX_OPEN", 20)),
			MaxIdleConns: int(cents("DATABASE_MAX_IDLE", 5)),
		},
		CardProc: cardproc.Config{
			BaseURL:       opt("CARDPROC_URL", "https://api.cardproc.example"),
			SecretKey:     req("CARDPROC_SECRET_KEY"),
			WebhookSecret: req("CARDPROC_WEBHOOK_SECRET"),
		},
		Payouts: payouts.Config{
			BaseURL:       opt("PAYOUTS_URL", "https://api.payouts.example"),
			APIKey:        req("PAYOUTS_API_KEY"),
			WebhookSecret: req("PAYOUTS_WEBHOOK_SECRET"),
		},
		WorkNet: worknet.Config{
			BaseURL:  opt("WORKNET_URL", "https://api.worknet.example"),
			ClientID: req("WORKNET_CLIENT_ID"),
			Token:    req("WORKNET_TOKEN"),
		},
		Pager: pager.Config{
			BaseURL:    opt("PAGER_URL", "https://sms.example/2010-04-01"),
			AccountSID: req("PAGER_ACCOUNT_SID"),
			AuthToken:  req("PAGER_AUTH_TOKEN"),
			FromNumber: req("PAGER_FROM"),
		},
		Locksmith: locksmith.Config{
			BaseURL: opt("LOCKSMITH_URL", "https://partners.locksmith.example/api"),
			APIKey:  req("LOCKSMITH_API_KEY"),
		},
		Mailer: mailer.Config{
			BaseURL: opt("MAILER_URL", "https://api.mailer.example"),
			APIKey:  req("MAILER_API_KEY"),
			From:    opt("MAILER_FROM", "housing@quadhall.edu"),
		},
		ContractorQueue:      contractorstatus.QueueURL(opt("CONTRACTOR_QUEUE_URL", "")),
		Deposit:              housing.DepositPolicy{AmountCents: cents("HOUSING_DEPOSIT_CENTS", 25000)},
		MealPlanLimits:       mealplan.Limits{MinCents: cents("TOPUP_MIN_CENTS", 500), MaxCents: cents("TOPUP_MAX_CENTS", 50000)},
		Site:                 maintenance.SiteAddress(opt("SITE_ADDRESS", "1 University Way")),
		StudentServicesEmail: webhooks.StudentServicesEmail(opt("STUDENT_SERVICES_EMAIL", "student-accounts@quadhall.edu")),
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %v", missing)
	}
	return cfg, nil
}

// ProvideLogger returns the JSON logger at the configured level.
func ProvideLogger(cfg Config) *slog.Logger {
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(cfg.LogLevel)); err != nil {
		lvl = slog.LevelInfo
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: lvl}))
}

// ProvideDB opens the Postgres pool.
func ProvideDB(ctx context.Context, cfg store.Config) (*sql.DB, func(), error) {
	return store.Open(ctx, cfg)
}

// ProvideQuerier exposes the store's autocommit queries.
func ProvideQuerier(s *store.Store) db.Querier { return s.Querier() }

// ProvideHTTPClient is the shared outbound client for all providers.
func ProvideHTTPClient() *http.Client {
	return httpclient.New(
		httpclient.WithTimeout(25*time.Second),
		httpclient.WithRetries(3),
		httpclient.WithBackoff(250*time.Millisecond, 4*time.Second),
	)
}

// ProvideInsertOnlyRiver returns a River client that only inserts jobs
// (API, consumer and cron processes never work jobs).
func ProvideInsertOnlyRiver(pool *sql.DB, log *slog.Logger) (*river.Client[*sql.Tx], error) {
	return river.NewClient(riverdatabasesql.New(pool), &river.Config{Logger: log})
}

// ProvideWorkingRiver returns a River client that works jobs.
func ProvideWorkingRiver(pool *sql.DB, workers *river.Workers, log *slog.Logger) (*river.Client[*sql.Tx], error) {
	return river.NewClient(riverdatabasesql.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			jobs.QueueDefault:     {MaxWorkers: 10},
			jobs.QueueMaintenance: {MaxWorkers: 10},
			jobs.QueuePayments:    {MaxWorkers: 5},
			jobs.QueueEmail:       {MaxWorkers: 20},
		},
		FetchPollInterval: time.Second,
		Workers:           workers,
	})
}

// ProvideBus builds the command bus with every command registered.
func ProvideBus(log *slog.Logger, m metrics.Recorder, svcs api.Services) *commandbus.Bus {
	bus := commandbus.New(log, m)
	api.RegisterCommands(bus, svcs)
	return bus
}

// ProvideSQS returns the SQS client for the configured region.
func ProvideSQS(ctx context.Context, cfg Config) (*sqs.Client, error) {
	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}
