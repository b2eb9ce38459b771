// Package app holds the construction code shared by the binaries' mains.
package app

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	_ "github.com/lib/pq"

	"github.com/ironbridge-leasing/railcars/internal/config"
	"github.com/ironbridge-leasing/railcars/internal/notify"
	"github.com/ironbridge-leasing/railcars/internal/provider/courier"
	"github.com/ironbridge-leasing/railcars/internal/provider/railswitch"
	"github.com/ironbridge-leasing/railcars/internal/provider/smsgw"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

// Logger returns the JSON logger.
func Logger(name string) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("svc", name)
}

// OpenDB opens and pings Postgres.
func OpenDB(ctx context.Context, url string) (*sql.DB, error) {
	db, err := sql.Open("postgres", url)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(10)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return db, nil
}

// Switches builds the railroad switching API directory.
func Switches(cfg *config.Config) func(string) (service.ReleaseOrderer, error) {
	dir := railswitch.Directory{}
	for scac, spec := range cfg.SwitchingAPIs {
		parts := strings.SplitN(spec, "|", 3)
		if len(parts) != 3 {
			continue
		}
		dir[scac] = railswitch.New(parts[0], parts[1], parts[2])
	}
	return func(scac string) (service.ReleaseOrderer, error) {
		return dir.For(scac)
	}
}

// Notifier builds the channel router for customer notifications.
func Notifier(cfg *config.Config) notify.Router {
	return notify.Router{
		notify.Email: notify.EmailSender{
			Client: courier.New(cfg.CourierURL, cfg.CourierToken, cfg.CourierFrom),
			Templates: map[string]string{
				"invoice-issued":     "tmpl_invoice_issued_v3",
				"payment-receipt":    "tmpl_payment_receipt_v2",
				"demurrage-assessed": "tmpl_demurrage_daily_v1",
			},
		},
		notify.SMS: notify.SMSSender{
			Client:    smsgw.New(cfg.SMSURL, cfg.SMSAccount, cfg.SMSPassword, cfg.SMSSender),
			Templates: notify.DefaultSMSTemplates(),
		},
	}
}
