// Command api serves the practice platform's HTTP API and webhooks.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.temporal.io/sdk/client"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/api"
	"github.com/brightsmile-dental/practiceops/internal/billing"
	"github.com/brightsmile-dental/practiceops/internal/booking"
	"github.com/brightsmile-dental/practiceops/internal/claims"
	"github.com/brightsmile-dental/practiceops/internal/config"
	"github.com/brightsmile-dental/practiceops/internal/lab"
	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/patients"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/idempotency"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/dentallab"
	"github.com/brightsmile-dental/practiceops/internal/providers/stripepay"
	"github.com/brightsmile-dental/practiceops/internal/reminders"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := database.Open(cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return err
	}
	tc, err := client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	if err != nil {
		return fmt.Errorf("temporal: %w", err)
	}
	defer tc.Close()

	queue := jobqueue.New(db)
	notices := reminders.NewNoticeEnqueuer(queue)
	gateway := stripepay.New(cfg.StripeSecretKey)
	labClient := dentallab.New(cfg.LabURL, cfg.LabUser, cfg.LabPassword)

	bookingSvc := booking.NewService(db, gateway, booking.DefaultDepositPolicy(), bookingNotifier(notices, log))
	billingSvc := billing.NewService(db, gateway, func(ctx context.Context, tx *gorm.DB, p models.Payment) error {
		return notices(ctx, tx, reminders.NoticePayload{
			NoticeID:  "receipt:" + p.ID.String(),
			PatientID: p.PatientID,
			Text:      fmt.Sprintf("we received your payment of $%d.%02d. Thank you!", p.AmountCents/100, p.AmountCents%100),
		})
	})
	claimsSvc := claims.NewService(db, claims.NewWorkflowStarter(tc))
	labSvc := lab.NewService(db, labClient, func(ctx context.Context, lc models.LabCase, o models.LabOrder) {
		err := notices(ctx, nil, reminders.NoticePayload{
			NoticeID:  "lab-shipped:" + o.LabOrderNumber,
			PatientID: lc.PatientID,
			Text:      "your crown is on its way from the lab. Please call us to book your seating visit.",
		})
		if err != nil {
			log.Warn("queue lab notice", "order", o.LabOrderNumber, "err", err)
		}
	})
	patientSvc := patients.NewService(db)

	handlers := api.Handlers{
		Appointments: api.NewAppointmentHandler(bookingSvc),
		Billing:      api.NewBillingHandler(billingSvc),
		Claims:       api.NewClaimsHandler(claimsSvc),
		Lab:          api.NewLabHandler(labSvc),
		Patients:     api.NewPatientHandler(patientSvc),
		Webhooks: api.NewWebhookHandler(api.WebhookConfig{
			StripeSecret:        cfg.StripeWebhookSecret,
			LabSecret:           cfg.LabWebhookSecret,
			ClearinghouseSecret: cfg.ClearinghouseWebhookSecret,
		}, billing.NewStripeEventProcessor(db), billing.NewRemittancePoster(db), labSvc, log),
	}
	router := api.NewRouter(handlers, idempotency.NewStore(db, 24*time.Hour), log)

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
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
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

func bookingNotifier(notices reminders.NoticeEnqueuer, log *slog.Logger) booking.Notifier {
	texts := map[string]string{
		"booked":    "your appointment on %s is booked. Reply C to confirm.",
		"cancelled": "your appointment on %s has been cancelled. Call us any time to rebook.",
	}
	return func(ctx context.Context, appt models.Appointment, event string) {
		tmpl, ok := texts[event]
		if !ok {
			return
		}
		err := notices(ctx, nil, reminders.NoticePayload{
			NoticeID:  "appt:" + appt.ID + ":" + event,
			PatientID: appt.PatientID,
			Text:      fmt.Sprintf(tmpl, appt.StartsAt.Format("Mon Jan 2 at 3:04 PM MST")),
		})
		if err != nil {
			log.Warn("queue booking notice", "appointment_id", appt.ID, "event", event, "err", err)
		}
	}
}
