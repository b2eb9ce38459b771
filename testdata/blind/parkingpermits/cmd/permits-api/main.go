// Command permits-api serves the resident portal, the officer console and the
// Paygate and mail house webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/curbline-civic/permits/internal/applications"
	"github.com/curbline-civic/permits/internal/config"
	"github.com/curbline-civic/permits/internal/httpapi"
	"github.com/curbline-civic/permits/internal/payments"
	"github.com/curbline-civic/permits/internal/permits"
	"github.com/curbline-civic/permits/internal/platform/database"
	"github.com/curbline-civic/permits/internal/providers/mailhouse"
	"github.com/curbline-civic/permits/internal/providers/notify"
	"github.com/curbline-civic/permits/internal/providers/paygate"
	"github.com/curbline-civic/permits/internal/review"
	"github.com/curbline-civic/permits/internal/wiring"
)

func main() {
	c := dig.New()
	providers := append(wiring.Base(),
		wiring.P(wiring.Temporal),
		wiring.P(func(cfg *config.Config, tc client.Client) *review.Starter {
			return review.NewStarter(tc, cfg.TemporalQueue)
		}),

		wiring.P(applications.NewRepo),
		wiring.P(payments.NewRepo, dig.As(new(payments.Store))),
		wiring.P(permits.NewRepo, dig.As(new(permits.Store))),

		wiring.P(func(r *applications.Repo, n *notify.Client, s *review.Starter, log *slog.Logger) *applications.Service {
			return applications.NewService(r, n, s, log)
		}),
		wiring.P(func(store payments.Store, apps *applications.Repo, pg *paygate.Client, s *review.Starter,
			tx database.TxRunner, log *slog.Logger) *payments.Service {
			return payments.NewService(payments.Deps{Store: store, Apps: apps, Charger: pg, Reviews: s, Tx: tx, Log: log})
		}),
		wiring.P(func(store permits.Store, apps *applications.Repo, tx database.TxRunner, s *review.Starter, log *slog.Logger) *permits.Service {
			return permits.NewService(store, apps, tx, s, log)
		}),

		wiring.P(newRouter),
	)
	if err := wiring.Provide(c, providers...); err != nil {
		slog.Error("wiring", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(serve); err != nil {
		slog.Error("permits-api stopped", "err", err)
		os.Exit(1)
	}
}

func newRouter(a *applications.Service, p *payments.Service, pm *permits.Service,
	pg *paygate.Client, mh *mailhouse.Client, log *slog.Logger) http.Handler {
	return httpapi.NewRouter(httpapi.Deps{
		Applications: a,
		Payments:     p,
		Permits:      pm,
		Paygate:      pg,
		Mailhouse:    mh,
		OfficerAuth:  requireBadge,
		Log:          log,
	})
}

// requireBadge admits requests the officer SSO proxy has stamped with a badge.
func requireBadge(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-Officer-Badge") == "" {
			http.Error(w, "officer sign-in required", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func serve(cfg *config.Config, h http.Handler, db *sqlx.DB, tc client.Client, log *slog.Logger) error {
	defer db.Close()
	defer tc.Close()

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	errCh := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		errCh <- srv.ListenAndServe()
	}()
	select {
	case err := <-errCh:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
