// Command api serves the public REST API and the provider callbacks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/quillsign/esign/internal/app"
	"github.com/quillsign/esign/internal/app/billing"
	"github.com/quillsign/esign/internal/app/endpoints"
	"github.com/quillsign/esign/internal/app/envelopes"
	"github.com/quillsign/esign/internal/app/reminders"
	"github.com/quillsign/esign/internal/app/signing"
	"github.com/quillsign/esign/internal/app/smsstatus"
	"github.com/quillsign/esign/internal/config"
	"github.com/quillsign/esign/internal/httpapi"
	"github.com/quillsign/esign/internal/jobs"
	"github.com/quillsign/esign/internal/platform/fxapp"
	"github.com/quillsign/esign/internal/providers"
	"github.com/quillsign/esign/internal/store"
	"github.com/quillsign/esign/internal/store/queries"
)

func main() {
	fx.New(
		fxapp.Base,
		fxapp.DB,
		jobs.InsertOnlyModule,
		providers.Module,
		fx.Provide(
			fx.Annotate(envelopes.New, fx.As(new(app.EnvelopeService))),
			fx.Annotate(signing.New, fx.As(new(app.SigningService))),
			fx.Annotate(reminders.New, fx.As(new(app.ReminderService))),
			fx.Annotate(endpoints.New, fx.As(new(app.EndpointService))),
			fx.Annotate(smsstatus.New, fx.As(new(app.SMSStatusService))),
			fx.Annotate(newBilling, fx.As(new(app.BillingService))),
			newServer,
		),
		fx.Invoke(func(*http.Server) {}),
	).Run()
}

type billingParams struct {
	fx.In

	DB      app.Database
	Charger app.CardCharger
	Mailer  app.Mailer
	Idem    app.IdempotencyStore
	Events  app.ProcessedEvents
	Now     app.Clock
	Log     *slog.Logger
}

func newBilling(p billingParams) *billing.Service {
	return billing.New(billing.Deps{
		DB: p.DB, Charger: p.Charger, Mailer: p.Mailer, Idem: p.Idem,
		Events: p.Events, Now: p.Now, Log: p.Log,
	})
}

type serverParams struct {
	fx.In

	LC        fx.Lifecycle
	Config    config.Config
	DB        *store.DB
	Log       *slog.Logger
	Now       app.Clock
	Envelopes app.EnvelopeService
	Signing   app.SigningService
	Reminders app.ReminderService
	Billing   app.BillingService
	Endpoints app.EndpointService
	SMSStatus app.SMSStatusService
}

func newServer(p serverParams) *http.Server {
	resolve := func(ctx context.Context, keyHash []byte) (string, error) {
		return queries.AccountIDForAPIKey(ctx, p.DB, keyHash)
	}
	handler := httpapi.NewRouter(p.Config, httpapi.Services{
		Envelopes: p.Envelopes,
		Signing:   p.Signing,
		Reminders: p.Reminders,
		Billing:   p.Billing,
		Endpoints: p.Endpoints,
		SMSStatus: p.SMSStatus,
	}, resolve, p.Log, p.Now)

	srv := &http.Server{
		Addr:              p.Config.HTTPAddr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	p.LC.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("http server stopped", "err", err)
				}
			}()
			p.Log.Info("listening", "addr", srv.Addr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
	return srv
}
