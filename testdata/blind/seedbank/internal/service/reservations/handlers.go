package reservations

import (
	"context"
	"fmt"

	"github.com/furrowline/seedbank/internal/domain"

	"github.com/furrowline/seedbank/internal/platform/cqrs"
)

// ReserveHandler adapts Service.Reserve to the command bus.
func ReserveHandler(s *Service) cqrs.CommandHandler[ReservePackets] {
	return cqrs.HandlerFunc[ReservePackets](s.Reserve)
}

// ConfirmHandler adapts Service.Confirm to the command bus.
func ConfirmHandler(s *Service) cqrs.CommandHandler[ConfirmReservation] {
	return cqrs.HandlerFunc[ConfirmReservation](s.Confirm)
}

// cancelHandler validates ownership inputs before delegating.
type cancelHandler struct{ svc *Service }

func (h cancelHandler) Handle(ctx context.Context, cmd CancelReservation) error {
	if cmd.MemberID == "" || cmd.ReservationID == "" {
		return fmt.Errorf("%w: member and reservation are required", domain.ErrValidation)
	}
	return h.svc.Cancel(ctx, cmd)
}

// CancelHandler adapts Service.Cancel to the command bus.
func CancelHandler(s *Service) cqrs.CommandHandler[CancelReservation] {
	return cancelHandler{svc: s}
}
