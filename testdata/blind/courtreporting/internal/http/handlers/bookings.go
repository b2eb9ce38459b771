package handlers

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/stenoline-legal/depobook/internal/domain"
	"github.com/stenoline-legal/depobook/internal/platform/httpx"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Bookings struct {
	svc service.Bookings
}

func NewBookings(svc service.Bookings) *Bookings { return &Bookings{svc: svc} }

func (h *Bookings) Register(firm, reporter, _ *gin.RouterGroup) {
	firm.POST("/bookings", httpx.Handle(h.create, httpx.Options{Status: http.StatusCreated}))
	firm.POST("/bookings/:id/rush", httpx.Handle(h.rush))
	firm.POST("/bookings/:id/copy-orders", httpx.Handle(h.orderCopies, httpx.Options{Status: http.StatusCreated}))
	reporter.POST("/assignments/:id/accept", httpx.Handle(h.accept, httpx.Options{SkipBody: true}))
}

type createBookingRequest struct {
	IdempotencyKey string    `header:"Idempotency-Key"`
	AttorneyID     string    `json:"attorney_id"`
	CaseCaption    string    `json:"case_caption"`
	Deponent       string    `json:"deponent"`
	Location       string    `json:"location"`
	Region         string    `json:"region"`
	StartsAt       time.Time `json:"starts_at"`
	ExpectedHours  int       `json:"expected_hours"`
}

func (h *Bookings) create(ctx context.Context, req createBookingRequest) (*domain.Booking, error) {
	return h.svc.Create(ctx, service.CreateBookingInput{
		FirmID:         httpx.PrincipalFrom(ctx).FirmID,
		IdempotencyKey: req.IdempotencyKey,
		AttorneyID:     req.AttorneyID,
		CaseCaption:    req.CaseCaption,
		Deponent:       req.Deponent,
		Location:       req.Location,
		Region:         req.Region,
		StartsAt:       req.StartsAt,
		ExpectedHours:  req.ExpectedHours,
	})
}

type rushRequest struct {
	BookingID      string `uri:"id"`
	TurnaroundDays int    `json:"turnaround_days"`
}

func (h *Bookings) rush(ctx context.Context, req rushRequest) (*domain.Booking, error) {
	return h.svc.Rush(ctx, service.RushInput{
		FirmID:         httpx.PrincipalFrom(ctx).FirmID,
		BookingID:      req.BookingID,
		TurnaroundDays: req.TurnaroundDays,
	})
}

type copyOrderRequest struct {
	BookingID  string `uri:"id"`
	AttorneyID string `json:"attorney_id"`
	Copies     int    `json:"copies"`
	Format     string `json:"format"`
}

func (h *Bookings) orderCopies(ctx context.Context, req copyOrderRequest) (*domain.CopyOrder, error) {
	return h.svc.OrderCopies(ctx, service.CopyOrderInput{
		FirmID:     httpx.PrincipalFrom(ctx).FirmID,
		BookingID:  req.BookingID,
		AttorneyID: req.AttorneyID,
		Copies:     req.Copies,
		Format:     req.Format,
	})
}

type acceptRequest struct {
	AssignmentID string `uri:"id"`
}

func (h *Bookings) accept(ctx context.Context, req acceptRequest) (*domain.Assignment, error) {
	return h.svc.AcceptAssignment(ctx, service.AcceptInput{
		ReporterID:   httpx.PrincipalFrom(ctx).ReporterID,
		AssignmentID: req.AssignmentID,
	})
}
