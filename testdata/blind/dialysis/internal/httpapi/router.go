// Package httpapi is the REST API used by the staff apps (front desk,
// charting tablets, billing and supply screens) and the partner webhooks.
package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/renalnet/dialysis-ops/internal/billing"
	"github.com/renalnet/dialysis-ops/internal/db"
	"github.com/renalnet/dialysis-ops/internal/intake"
	"github.com/renalnet/dialysis-ops/internal/partners/clearinghouse"
	"github.com/renalnet/dialysis-ops/internal/partners/distributor"
	"github.com/renalnet/dialysis-ops/internal/partners/nemt"
	"github.com/renalnet/dialysis-ops/internal/supply"
	"github.com/renalnet/dialysis-ops/internal/transport"
	"github.com/renalnet/dialysis-ops/internal/treatment"
)

type IntakeService interface {
	RegisterPatient(ctx context.Context, in intake.RegisterPatientInput) (intake.RegisterResult, error)
	AddCoverage(ctx context.Context, in intake.AddCoverageInput) (db.Coverage, error)
	CheckEligibility(ctx context.Context, patientID, coverageID uuid.UUID, requestedBy string) (db.EligibilityCheck, error)
}

type TreatmentService interface {
	StartSession(ctx context.Context, sessionID uuid.UUID, in treatment.StartInput) (db.TreatmentSession, error)
	RecordVitals(ctx context.Context, sessionID uuid.UUID, in treatment.VitalsInput) (db.Vital, bool, error)
	RecordMedication(ctx context.Context, sessionID uuid.UUID, in treatment.MedicationInput) (db.MedicationAdministration, error)
	CompleteSession(ctx context.Context, sessionID uuid.UUID, in treatment.CompleteInput) (db.TreatmentSession, error)
}

type SupplyService interface {
	CreateOrder(ctx context.Context, in supply.CreateOrderInput) (db.SupplyOrder, error)
	CreateReturn(ctx context.Context, orderID uuid.UUID, in supply.ReturnInput) (db.SupplyReturn, error)
	ApplyShipmentNotice(ctx context.Context, n distributor.ShipmentNotice) error
}

type BillingService interface {
	QueueSubmission(ctx context.Context, claimID uuid.UUID) (db.ClaimSubmission, error)
	PrepareReplacement(ctx context.Context, claimID uuid.UUID, c billing.Correction) (db.Claim, error)
	AddAdjustment(ctx context.Context, claimID uuid.UUID, in billing.AdjustmentInput) (db.ClaimAdjustment, error)
	PostRemittance(ctx context.Context, n clearinghouse.RemittanceNotice) error
}

type TransportService interface {
	RequestAdHocRide(ctx context.Context, in transport.AdHocRideInput) (db.RideRequest, error)
	PlanScheduleRides(ctx context.Context, scheduleID uuid.UUID, from, to time.Time, by string) ([]db.RideRequest, error)
	ApplyPartnerEvent(ctx context.Context, ev nemt.StatusEvent, raw json.RawMessage) error
}

// TaskEnqueuer submits background tasks.
type TaskEnqueuer interface {
	Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) error
}

// WebhookVerifier checks a partner's webhook signature.
type WebhookVerifier interface {
	VerifyWebhook(body []byte, signature string) bool
}

type Deps struct {
	Intake    IntakeService
	Treatment TreatmentService
	Supply    SupplyService
	Billing   BillingService
	Transport TransportService
	Tasks     TaskEnqueuer

	ClearinghouseHooks WebhookVerifier
	DistributorHooks   WebhookVerifier
	NEMTHooks          WebhookVerifier

	// IdempotencyQueries backs the Idempotency-Key middleware.
	IdempotencyQueries *db.Queries
	Log                *slog.Logger
}

type API struct {
	Deps
}

func NewRouter(d Deps) *gin.Engine {
	api := &API{Deps: d}

	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(d.Log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1", staffIdentity())
	{
		v1.POST("/patients", api.registerPatient)
		v1.POST("/patients/:patientID/coverages", api.addCoverage)
		v1.POST("/patients/:patientID/eligibility-checks", api.checkEligibility)
		v1.POST("/patients/:patientID/rides", api.requestAdHocRide)

		v1.POST("/schedules/:scheduleID/rides", api.planScheduleRides)

		v1.POST("/sessions/:sessionID/start", api.startSession)
		v1.POST("/sessions/:sessionID/vitals", api.recordVitals)
		v1.POST("/sessions/:sessionID/medications", api.recordMedication)
		v1.POST("/sessions/:sessionID/complete", api.completeSession)

		v1.POST("/supply-orders", api.createSupplyOrder)
		v1.POST("/supply-orders/:orderID/returns", api.createSupplyReturn)

		v1.POST("/claims/:claimID/submit", api.submitClaim)
		v1.POST("/claims/:claimID/replacement", api.replaceClaim)
		v1.POST("/claims/:claimID/adjustments",
			Idempotency(d.IdempotencyQueries, "claims.adjustments", d.Log),
			api.addAdjustment)
	}

	hooks := r.Group("/webhooks")
	{
		hooks.POST("/clearinghouse/era", api.clearinghouseERA)
		hooks.POST("/distributor/shipments", api.distributorShipment)
		hooks.POST("/nemt/rides", api.nemtRideStatus)
	}
	return r
}

const staffKey = "staff_id"

// staffIdentity reads the staff member the API gateway authenticated.
func staffIdentity() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Staff-Id")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "missing staff identity"})
			return
		}
		c.Set(staffKey, id)
		c.Next()
	}
}

func staffID(c *gin.Context) string { return c.GetString(staffKey) }

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http request",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
		)
	}
}
