package app

import (
	"github.com/google/wire"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/scriptline/refills/internal/carrier"
	"github.com/scriptline/refills/internal/httpapi"
	"github.com/scriptline/refills/internal/httpapi/idem"
	"github.com/scriptline/refills/internal/mailer"
	"github.com/scriptline/refills/internal/metrics"
	"github.com/scriptline/refills/internal/notify"
	"github.com/scriptline/refills/internal/payments"
	"github.com/scriptline/refills/internal/pbm"
	"github.com/scriptline/refills/internal/queue"
	"github.com/scriptline/refills/internal/service"
	"github.com/scriptline/refills/internal/store"
	"github.com/scriptline/refills/internal/worker"
)

var infraSet = wire.NewSet(
	ProvideLogger,
	ProvideDB,
	ProvideSettings,
	ProvideRedisOpt,
	ProvideAsynqClient,
	queue.NewAsynqEnqueuer,
	wire.Bind(new(queue.Enqueuer), new(*queue.AsynqEnqueuer)),
	ProvideRegistry,
	wire.Bind(new(prometheus.Registerer), new(*prometheus.Registry)),
	wire.Bind(new(prometheus.Gatherer), new(*prometheus.Registry)),
	metrics.NewRecorder,
)

var providerSet = wire.NewSet(
	ProvidePBM,
	wire.Bind(new(service.PBM), new(*pbm.Client)),
	ProvideCarrier,
	wire.Bind(new(service.Carrier), new(*carrier.Client)),
	ProvideMailer,
	wire.Bind(new(notify.Sender), new(*mailer.Client)),
	ProvideGateway,
	wire.Bind(new(service.PaymentGateway), new(*payments.Gateway)),
)

var storeSet = wire.NewSet(
	store.NewUnitOfWork,
	wire.Bind(new(store.UnitOfWork), new(*store.GormUnitOfWork)),
	store.NewPatientRepo,
	wire.Bind(new(service.PatientRepository), new(*store.PatientRepo)),
	store.NewPrescriptionRepo,
	wire.Bind(new(service.PrescriptionRepository), new(*store.PrescriptionRepo)),
	store.NewReminderPreferenceRepo,
	wire.Bind(new(service.ReminderPreferenceRepository), new(*store.ReminderPreferenceRepo)),
	store.NewCreditRepo,
	wire.Bind(new(service.CreditRepository), new(*store.CreditRepo)),
	store.NewLedgerRepo,
	wire.Bind(new(service.LedgerRepository), new(*store.LedgerRepo)),
	store.NewRefillRepo,
	wire.Bind(new(service.RefillRepository), new(*store.RefillRepo)),
	store.NewVerificationRepo,
	wire.Bind(new(service.VerificationRepository), new(*store.VerificationRepo)),
	store.NewEligibilityRepo,
	wire.Bind(new(service.EligibilityRepository), new(*store.EligibilityRepo)),
	store.NewIdempotencyRepo,
	wire.Bind(new(service.IdempotencyRepository), new(*store.IdempotencyRepo)),
	wire.Bind(new(idem.Store), new(*store.IdempotencyRepo)),
	store.NewClaimRepo,
	wire.Bind(new(service.ClaimRepository), new(*store.ClaimRepo)),
	store.NewClaimReversalRepo,
	wire.Bind(new(service.ClaimReversalRepository), new(*store.ClaimReversalRepo)),
	store.NewPriorAuthRepo,
	wire.Bind(new(service.PriorAuthRepository), new(*store.PriorAuthRepo)),
	store.NewPaymentRepo,
	wire.Bind(new(service.PaymentRepository), new(*store.PaymentRepo)),
	store.NewPaymentAttemptRepo,
	wire.Bind(new(service.PaymentAttemptRepository), new(*store.PaymentAttemptRepo)),
	store.NewRefundRepo,
	wire.Bind(new(service.RefundRepository), new(*store.RefundRepo)),
	store.NewDisputeRepo,
	wire.Bind(new(service.DisputeRepository), new(*store.DisputeRepo)),
	store.NewStripeEventRepo,
	wire.Bind(new(service.StripeEventRepository), new(*store.StripeEventRepo)),
	store.NewShipmentRepo,
	wire.Bind(new(service.ShipmentRepository), new(*store.ShipmentRepo)),
	store.NewTrackingEventRepo,
	wire.Bind(new(service.TrackingEventRepository), new(*store.TrackingEventRepo)),
	store.NewReshipRepo,
	wire.Bind(new(service.ReshipRepository), new(*store.ReshipRepo)),
	store.NewPickupRepo,
	wire.Bind(new(service.PickupRepository), new(*store.PickupRepo)),
	store.NewReminderRepo,
	wire.Bind(new(service.ReminderRepository), new(*store.ReminderRepo)),
	store.NewScanRunRepo,
	wire.Bind(new(service.ScanRunRepository), new(*store.ScanRunRepo)),
	store.NewNotificationRepo,
	wire.Bind(new(service.NotificationRepository), new(*store.NotificationRepo)),
	store.NewRemittanceRepo,
	wire.Bind(new(service.RemittanceRepository), new(*store.RemittanceRepo)),
)

var serviceSet = wire.NewSet(
	service.NewPatientService, ProvidePatientService,
	service.NewPrescriptionService, ProvidePrescriptionService,
	service.NewRefillService, ProvideRefillService,
	service.NewClaimService, ProvideClaimService,
	service.NewPaymentService, ProvidePaymentService,
	service.NewFulfillmentService, ProvideFulfillmentService,
	service.NewNotificationService, ProvideNotificationService,
	service.NewStripeEventService, ProvideStripeEventService,
	service.NewCarrierEventService, ProvideCarrierEventService,
)

var httpSet = wire.NewSet(
	ProvideServerConfig,
	ProvideStripeSecret,
	ProvideCarrierSecret,
	idem.New,
	httpapi.NewHandlers,
	httpapi.NewStripeWebhook,
	httpapi.NewCarrierWebhook,
	httpapi.NewServer,
	wire.Struct(new(API), "*"),
)

var workerSet = wire.NewSet(
	ProvideAsynqServer,
	ProvideScheduler,
	worker.NewHandlers,
	worker.NewServeMux,
	wire.Struct(new(Worker), "*"),
)
