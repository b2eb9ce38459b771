package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acme/fleet/internal/claims"
	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/rental"
)

// ReservationService is what the API needs from reservations.
type ReservationService interface {
	Create(ctx context.Context, in rental.CreateReservationInput) (domain.Reservation, error)
	Cancel(ctx context.Context, id string) (domain.Reservation, error)
}

// CounterService is what the API needs from the rental desk.
type CounterService interface {
	Checkout(ctx context.Context, in rental.CheckoutInput) (domain.Rental, error)
	Checkin(ctx context.Context, in rental.CheckinInput) (domain.Rental, error)
	Extend(ctx context.Context, in rental.ExtendInput) (domain.Extension, error)
}

// ClaimIntake opens damage claims.
type ClaimIntake interface {
	Open(ctx context.Context, in claims.OpenInput) (domain.Claim, error)
}

// FineDisputes records fine disputes.
type FineDisputes interface {
	Dispute(ctx context.Context, fineID, customerID uuid.UUID, reason string) (domain.FineDispute, error)
}

type API struct {
	reservations ReservationService
	counter      CounterService
	claims       ClaimIntake
	fines        FineDisputes
}

func NewAPI(reservations ReservationService, counter CounterService, claimIntake ClaimIntake, fines FineDisputes) *API {
	return &API{reservations: reservations, counter: counter, claims: claimIntake, fines: fines}
}

// NewPublicRouter builds the gin engine for the public API.
func NewPublicRouter(api *API, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), accessLog(log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	v1.POST("/reservations", Handle(http.StatusCreated, api.createReservation))
	v1.POST("/reservations/:id/cancel", Handle(http.StatusOK, api.cancelReservation))
	v1.POST("/rentals", Handle(http.StatusCreated, api.checkout))
	v1.POST("/rentals/:id/checkin", Handle(http.StatusOK, api.checkin))
	v1.POST("/rentals/:id/extensions", Handle(http.StatusCreated, api.extendRental))
	v1.POST("/claims", Handle(http.StatusCreated, api.openClaim))
	v1.POST("/fines/:id/disputes", Handle(http.StatusCreated, api.disputeFine))
	return r
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(), "took", time.Since(start))
	}
}

type createReservationRequest struct {
	IdempotencyKey string    `header:"Idempotency-Key"`
	CustomerID     uuid.UUID `header:"X-Customer-ID,parser=encoding.TextUnmarshaler"`
	VehicleClass   string    `json:"vehicle_class"`
	Branch         string    `json:"branch"`
	PickupAt       time.Time `json:"pickup_at"`
	ReturnAt       time.Time `json:"return_at"`
}

func (r *createReservationRequest) Validate() error {
	if r.CustomerID == uuid.Nil || r.VehicleClass == "" || r.Branch == "" {
		return errors.New("customer, vehicle_class and branch are required")
	}
	return nil
}

func (a *API) createReservation(c *gin.Context, in createReservationRequest) (any, error) {
	return a.reservations.Create(c.Request.Context(), rental.CreateReservationInput{
		IdempotencyKey: in.IdempotencyKey,
		CustomerID:     in.CustomerID,
		VehicleClass:   in.VehicleClass,
		Branch:         in.Branch,
		PickupAt:       in.PickupAt,
		ReturnAt:       in.ReturnAt,
	})
}

type reservationPath struct {
	ID string `uri:"id"`
}

func (a *API) cancelReservation(c *gin.Context, in reservationPath) (any, error) {
	return a.reservations.Cancel(c.Request.Context(), in.ID)
}

type checkoutRequest struct {
	ReservationID string `json:"reservation_id"`
	Plate         string `json:"plate"`
	OdometerKm    int    `json:"odometer_km"`
	FuelPct       int    `json:"fuel_pct"`
}

func (r *checkoutRequest) Validate() error {
	if r.ReservationID == "" || r.Plate == "" {
		return errors.New("reservation_id and plate are required")
	}
	return nil
}

func (a *API) checkout(c *gin.Context, in checkoutRequest) (any, error) {
	return a.counter.Checkout(c.Request.Context(), rental.CheckoutInput{
		ReservationID: in.ReservationID,
		Plate:         in.Plate,
		OdometerKm:    in.OdometerKm,
		FuelPct:       in.FuelPct,
	})
}

type checkinRequest struct {
	RentalID   uuid.UUID `uri:"id,parser=encoding.TextUnmarshaler"`
	OdometerKm int       `json:"odometer_km"`
	FuelPct    int       `json:"fuel_pct"`
}

func (a *API) checkin(c *gin.Context, in checkinRequest) (any, error) {
	return a.counter.Checkin(c.Request.Context(), rental.CheckinInput{
		RentalID:   in.RentalID,
		OdometerKm: in.OdometerKm,
		FuelPct:    in.FuelPct,
	})
}

type extendRequest struct {
	RentalID       uuid.UUID `uri:"id,parser=encoding.TextUnmarshaler"`
	IdempotencyKey string    `header:"Idempotency-Key"`
	NewDueAt       time.Time `json:"new_due_at"`
}

func (a *API) extendRental(c *gin.Context, in extendRequest) (any, error) {
	return a.counter.Extend(c.Request.Context(), rental.ExtendInput{
		RentalID:       in.RentalID,
		IdempotencyKey: in.IdempotencyKey,
		NewDueAt:       in.NewDueAt,
	})
}

type openClaimRequest struct {
	StaffID     string    `header:"X-Staff-ID"`
	RentalID    uuid.UUID `json:"rental_id"`
	IncidentAt  time.Time `json:"incident_at"`
	Description string    `json:"description"`
	PhotoURLs   []string  `json:"photo_urls"`
}

func (a *API) openClaim(c *gin.Context, in openClaimRequest) (any, error) {
	reporter := in.StaffID
	if reporter == "" {
		reporter = "customer"
	}
	return a.claims.Open(c.Request.Context(), claims.OpenInput{
		RentalID:    in.RentalID,
		IncidentAt:  in.IncidentAt,
		Description: in.Description,
		PhotoURLs:   in.PhotoURLs,
		ReportedBy:  reporter,
	})
}

type disputeRequest struct {
	FineID     uuid.UUID `uri:"id,parser=encoding.TextUnmarshaler"`
	CustomerID uuid.UUID `header:"X-Customer-ID,parser=encoding.TextUnmarshaler"`
	Reason     string    `json:"reason"`
}

func (r *disputeRequest) Validate() error {
	if r.Reason == "" {
		return errors.New("reason is required")
	}
	return nil
}

func (a *API) disputeFine(c *gin.Context, in disputeRequest) (any, error) {
	return a.fines.Dispute(c.Request.Context(), in.FineID, in.CustomerID, in.Reason)
}
