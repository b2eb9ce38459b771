package main

// Provider functions and the injector for visit-api. They follow the
// google/wire layout (one constructor per dependency, an initialize
// function that calls them in dependency order) but are maintained by hand.

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/jmoiron/sqlx"
	"google.golang.org/grpc"

	"github.com/carelink/telehealth/internal/api/admin"
	"github.com/carelink/telehealth/internal/api/grpcapi"
	"github.com/carelink/telehealth/internal/config"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/grpcx"
	"github.com/carelink/telehealth/internal/platform/httpx"
	"github.com/carelink/telehealth/internal/platform/jobs"
	"github.com/carelink/telehealth/internal/platform/retry"
	"github.com/carelink/telehealth/internal/providers/clearinghouse"
	"github.com/carelink/telehealth/internal/providers/pharmacy"
	"github.com/carelink/telehealth/internal/providers/stripepay"
	"github.com/carelink/telehealth/internal/providers/video"
	"github.com/carelink/telehealth/internal/service/billing"
	"github.com/carelink/telehealth/internal/service/booking"
	"github.com/carelink/telehealth/internal/service/eligibility"
	"github.com/carelink/telehealth/internal/service/messaging"
	"github.com/carelink/telehealth/internal/service/notes"
	"github.com/carelink/telehealth/internal/service/rx"
	"github.com/carelink/telehealth/internal/service/visits"
	"github.com/carelink/telehealth/internal/store"
)

// App is everything main needs to run.
type App struct {
	GRPC  *grpc.Server
	Admin *http.Server
	DB    *sqlx.DB
}

type repositories struct {
	people    *store.PeopleRepo
	appts     *store.AppointmentRepo
	copays    *store.CopayRepo
	refunds   *store.RefundRepo
	wallets   *store.WalletRepo
	payouts   *store.PayoutRepo
	elig      *store.EligibilityRepo
	rx        *store.PrescriptionRepo
	notes     *store.NoteRepo
	messages  *store.MessageRepo
	idem      *store.IdempotencyRepo
	adminReqs *store.AdminRequestRepo
}

func provideRepositories(d *sqlx.DB) repositories {
	return repositories{
		people:    store.NewPeopleRepo(d),
		appts:     store.NewAppointmentRepo(d),
		copays:    store.NewCopayRepo(d),
		refunds:   store.NewRefundRepo(d),
		wallets:   store.NewWalletRepo(d),
		payouts:   store.NewPayoutRepo(d),
		elig:      store.NewEligibilityRepo(d),
		rx:        store.NewPrescriptionRepo(d),
		notes:     store.NewNoteRepo(d),
		messages:  store.NewMessageRepo(d),
		idem:      store.NewIdempotencyRepo(),
		adminReqs: store.NewAdminRequestRepo(d),
	}
}

func provideStripe(cfg config.Config) *stripepay.Client {
	return stripepay.New(cfg.StripeSecretKey, retry.Quick)
}

func providePharmacy(cfg config.Config) pharmacy.API {
	return pharmacy.WithRetry(pharmacy.NewClient(cfg.PharmacyBaseURL, cfg.PharmacyAPIKey, cfg.PharmacyAccountID), retry.Provider)
}

func provideClearinghouse(cfg config.Config) *clearinghouse.Client {
	return clearinghouse.NewClient(cfg.ClearinghouseURL, cfg.ClearinghouseAPIKey, retry.Quick)
}

func provideVideo(cfg config.Config) *video.Client {
	return video.NewClient(cfg.VideoBaseURL, cfg.VideoAPIKey, retry.Quick)
}

type services struct {
	copays      *billing.CopayService
	refunds     *billing.RefundService
	credits     *billing.CreditService
	eligibility *eligibility.Service
	booking     *booking.Service
	visits      *visits.Service
	rx          rx.API
	notes       *notes.Service
	messaging   *messaging.Service
}

func provideServices(cfg config.Config, d *sqlx.DB, r repositories, log *slog.Logger) services {
	sp := provideStripe(cfg)
	copays := billing.NewCopayService(r.copays, sp, r.people, log)
	elig := eligibility.NewService(provideClearinghouse(cfg), r.elig, r.people, cfg.ClearinghouseNPI)
	return services{
		copays:      copays,
		refunds:     billing.NewRefundService(d, r.copays, r.refunds, sp, log),
		credits:     billing.NewCreditService(r.wallets, r.adminReqs, log),
		eligibility: elig,
		booking:     booking.NewService(r.appts, r.copays, r.idem, copays, r.wallets, elig, log),
		visits:      visits.NewService(r.appts, r.people, r.payouts, provideVideo(cfg), log),
		rx:          rx.Audited(rx.NewService(r.rx, r.people, r.appts, providePharmacy(cfg), log), log.With("audit", "rx")),
		notes:       notes.NewService(r.notes),
		messaging:   messaging.NewService(r.messages, r.appts),
	}
}

func provideGRPC(s services, r repositories, log *slog.Logger) *grpc.Server {
	srv := grpcx.NewServer(log)
	grpcapi.RegisterAppointments(srv, grpcapi.NewAppointmentsHandler(s.booking, r.appts))
	grpcapi.RegisterVisits(srv, grpcapi.NewVisitsHandler(s.visits))
	grpcapi.RegisterEligibility(srv, grpcapi.NewEligibilityHandler(s.eligibility))
	grpcapi.RegisterPrescriptions(srv, grpcapi.NewPrescriptionsHandler(s.rx))
	grpcapi.RegisterNotes(srv, grpcapi.NewNotesHandler(s.notes))
	grpcapi.RegisterMessages(srv, grpcapi.NewMessagesHandler(s.messaging))
	return srv
}

func provideAdmin(cfg config.Config, d *sqlx.DB, s services, r repositories, log *slog.Logger) *http.Server {
	h := admin.NewRouter(admin.Deps{
		Refunds: s.refunds,
		Copays:  s.copays,
		Credits: s.credits,
		Queue:   jobs.NewQueue(d),
		Appts:   r.appts,
		Log:     log.With("component", "admin"),
		Token:   cfg.AdminToken,
	})
	return httpx.NewServer(cfg.AdminAddr, h)
}

// initializeApp wires the application.
func initializeApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*App, func(), error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	repos := provideRepositories(d)
	svcs := provideServices(cfg, d, repos, log)
	app := &App{
		GRPC:  provideGRPC(svcs, repos, log),
		Admin: provideAdmin(cfg, d, svcs, repos, log),
		DB:    d,
	}
	cleanup := func() { _ = d.Close() }
	return app, cleanup, nil
}
