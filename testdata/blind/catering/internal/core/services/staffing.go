package services

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/rs/xid"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
)

type StaffingService struct {
	tx    ports.Transactor
	staff ports.StaffRepository
	sms   ports.SMSSender
	clock ports.Clock
	log   *zap.Logger
}

func NewStaffingService(tx ports.Transactor, staff ports.StaffRepository, sms ports.SMSSender, clock ports.Clock, log *zap.Logger) *StaffingService {
	return &StaffingService{tx: tx, staff: staff, sms: sms, clock: clock, log: log.Named("staffing")}
}

func shiftWindow(sh domain.Shift) string {
	return fmt.Sprintf("%s %s-%s", sh.StartsAt.Format("Mon 2 Jan"), sh.StartsAt.Format("15:04"), sh.EndsAt.Format("15:04"))
}

// Assign rosters staff onto a shift and lets them know by text.
func (s *StaffingService) Assign(ctx context.Context, cmd ports.AssignShift) ([]domain.ShiftAssignment, error) {
	if len(cmd.StaffIDs) == 0 {
		return nil, domain.Invalid("staff_ids", "at least one required")
	}
	shift, err := s.staff.GetShift(ctx, cmd.ShiftID)
	if err != nil {
		return nil, err
	}
	members, err := s.staff.ListStaff(ctx, cmd.StaffIDs)
	if err != nil {
		return nil, err
	}
	if len(members) != len(cmd.StaffIDs) {
		return nil, domain.Invalid("staff_ids", "unknown or inactive staff member")
	}
	phones := make([]string, 0, len(members))
	for _, m := range members {
		phones = append(phones, m.Phone)
	}
	body := fmt.Sprintf("Fork & Feast: you're rostered as %s on %s. Check the staff app for the brief.",
		shift.Role, shiftWindow(shift))
	broadcastID, err := s.sms.Broadcast(ctx, phones, body)
	if err != nil {
		return nil, err
	}
	s.log.Info("roster broadcast sent", zap.String("broadcast_id", broadcastID), zap.Int("recipients", len(phones)))

	var out []domain.ShiftAssignment
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		out, err = s.staff.Assign(ctx, shift.ID, cmd.StaffIDs)
		return err
	})
	return out, err
}

// Claim lets a staff member pick up an open slot from the app.
func (s *StaffingService) Claim(ctx context.Context, shiftID, staffID uuid.UUID) error {
	if _, err := s.staff.GetShift(ctx, shiftID); err != nil {
		return err
	}
	ok, err := s.staff.Claim(ctx, shiftID, staffID)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%w: shift is fully staffed", domain.ErrConflict)
	}
	return nil
}

// SendReminders texts everyone rostered on shifts starting on day.
func (s *StaffingService) SendReminders(ctx context.Context, day time.Time) (int, error) {
	from := time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, time.UTC)
	rows, err := s.staff.RemindersFor(ctx, from, from.Add(24*time.Hour))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, r := range rows {
		msg := ports.OutboundSMS{
			To:        r.Staff.Phone,
			Body:      fmt.Sprintf("Reminder: %s shift at %s, %s. Uniform: blacks.", r.Shift.Role, r.Venue, shiftWindow(r.Shift)),
			Reference: "rem_" + xid.New().String(),
		}
		if _, err := s.sms.Send(ctx, msg); err != nil {
			return sent, fmt.Errorf("reminder to %s: %w", r.Staff.ID, err)
		}
		sent++
	}
	return sent, nil
}
