// Package platform builds the pieces every binary shares: logger, database,
// queue client and provider clients.
package platform

import (
	"context"
	"log/slog"
	"net/url"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/config"
	"github.com/globetrek/esim-platform/internal/providers/adyen"
	"github.com/globetrek/esim-platform/internal/providers/carriers"
	"github.com/globetrek/esim-platform/internal/providers/httpx"
	"github.com/globetrek/esim-platform/internal/providers/messaging"
	"github.com/globetrek/esim-platform/internal/providers/signer"
	"github.com/globetrek/esim-platform/internal/service/notify"
	"github.com/globetrek/esim-platform/internal/store"
	"github.com/globetrek/esim-platform/internal/tasks"
)

// Logger returns the JSON process logger.
func Logger(service string) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})
	return slog.New(h).With("service", service)
}

// DB opens the Postgres pool.
func DB(ctx context.Context, cfg *config.Config) (*store.DB, error) {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	return store.Open(ctx, cfg.DatabaseURL, cfg.DBMaxConns)
}

// Redis returns the asynq connection options.
func Redis(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPass, DB: cfg.RedisDB}
}

// Queue returns the task enqueuer.
func Queue(cfg *config.Config) *tasks.Client {
	return tasks.NewClient(asynq.NewClient(Redis(cfg)))
}

// Providers are the outbound partner clients.
type Providers struct {
	Adyen    *adyen.Client
	Carriers *carriers.Registry
	SMS      *messaging.SMS
	Push     *messaging.Push
}

// NewProviders builds every partner client on one shared signer.
func NewProviders(cfg *config.Config, log *slog.Logger) *Providers {
	creds := map[string]signer.Credentials{}
	for _, p := range []config.Partner{cfg.Adyen, cfg.Orbit, cfg.Skylink, cfg.Nordtel, cfg.SMS, cfg.Push} {
		if u, err := url.Parse(p.BaseURL); err == nil && u.Host != "" {
			creds[u.Host] = signer.Credentials{KeyID: p.KeyID, Secret: []byte(p.Secret)}
		}
	}
	s := signer.New(creds)
	return &Providers{
		Adyen: adyen.New(httpx.New("adyen", s, log, httpx.WithTimeout(30*time.Second)), cfg.Adyen.BaseURL, cfg.AdyenMerchant),
		Carriers: carriers.NewRegistry(
			carriers.NewOrbit(httpx.New("orbit", s, log), cfg.Orbit.BaseURL, cfg.OrbitAccount),
			carriers.NewSkylink(httpx.New("skylink", s, log, httpx.WithRetryMax(5)), cfg.Skylink.BaseURL),
			carriers.NewNordtel(httpx.New("nordtel", s, log, httpx.WithBackoff(time.Second, 10*time.Second)), cfg.Nordtel.BaseURL),
		),
		SMS:  messaging.NewSMS(httpx.New("sms", s, log, httpx.WithRetryMax(2)), cfg.SMS.BaseURL, cfg.SMSSender),
		Push: messaging.NewPush(httpx.New("push", s, log), cfg.Push.BaseURL, cfg.PushApp),
	}
}

// Notifier builds the notification service.
func Notifier(db *store.DB, p *Providers, log *slog.Logger) *notify.Service {
	return notify.New(db, p.SMS, p.Push, log)
}
