package httpapi

import (
	"context"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"go.uber.org/fx"

	"github.com/pulsefit/memberships/internal/access"
	"github.com/pulsefit/memberships/internal/classes"
	"github.com/pulsefit/memberships/internal/guests"
	"github.com/pulsefit/memberships/internal/httpapi/middleware"
	"github.com/pulsefit/memberships/internal/idem"
	"github.com/pulsefit/memberships/internal/membership"
	"github.com/pulsefit/memberships/internal/training"
)

type MembershipService interface {
	SignUp(ctx context.Context, in membership.SignUpInput) (membership.SignUpResult, error)
	Cancel(ctx context.Context, membershipID uuid.UUID, reason string) (membership.CancelResult, error)
	Freeze(ctx context.Context, in membership.FreezeInput) (membership.FreezeResult, error)
}

type ClassService interface {
	Book(ctx context.Context, sessionID, memberID uuid.UUID, source string) (classes.Booking, error)
	CancelBooking(ctx context.Context, sessionID, bookingID, memberID uuid.UUID) error
	JoinWaitlist(ctx context.Context, sessionID, memberID uuid.UUID) (classes.WaitlistEntry, error)
}

type GuestService interface {
	Issue(ctx context.Context, in guests.IssueInput) (guests.Pass, error)
}

type TrainingService interface {
	PurchasePack(ctx context.Context, in training.PurchaseInput) (training.Pack, error)
	BookSession(ctx context.Context, in training.BookInput) (training.SessionBooking, error)
	CheckIn(ctx context.Context, bookingID, trainerID uuid.UUID, note string) error
	TransferSessions(ctx context.Context, in training.TransferInput) (training.TransferResult, error)
}

type AccessService interface {
	RequestCard(ctx context.Context, memberID uuid.UUID) (access.CardRequest, error)
}

type Params struct {
	fx.In
	Memberships MembershipService
	Classes     ClassService
	Guests      GuestService
	Training    TrainingService
	Access      AccessService
	Idem        *idem.Store
}

type API struct {
	memberships MembershipService
	classes     ClassService
	guests      GuestService
	training    TrainingService
	access      AccessService
	idem        *idem.Store
}

func New(p Params) *API {
	return &API{
		memberships: p.Memberships,
		classes:     p.Classes,
		guests:      p.Guests,
		training:    p.Training,
		access:      p.Access,
		idem:        p.Idem,
	}
}

// Register mounts the v1 routes. Member and trainer identity comes from the
// gateway as X-Member-Id / X-Trainer-Id after token verification.
func (a *API) Register(e *echo.Echo) {
	v1 := e.Group("/v1")

	v1.POST("/memberships", Handle(a.signUp))
	v1.POST("/memberships/:id/cancel", Handle(a.cancelMembership))
	v1.POST("/memberships/:id/freeze", Handle(a.freezeMembership))

	v1.POST("/classes/:sessionID/bookings", Handle(a.bookClass))
	v1.DELETE("/classes/:sessionID/bookings/:bookingID", Handle(a.cancelClassBooking))
	v1.POST("/classes/:sessionID/waitlist", Handle(a.joinWaitlist))

	v1.POST("/guest-passes", Handle(a.issueGuestPass), middleware.Idempotent(a.idem, "guest_pass"))

	v1.POST("/pt/packs", Handle(a.purchasePack))
	v1.POST("/pt/packs/:id/transfers", Handle(a.transferSessions))
	v1.POST("/pt/bookings", Handle(a.bookTrainer))
	v1.POST("/pt/bookings/:id/check-in", Handle(a.checkInTrainerSession))

	v1.POST("/members/me/cards", Handle(a.requestCard))
}
