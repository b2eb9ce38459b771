package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/provider/sms"
	"github.com/haulright/movers/internal/repository"
)

type CrewRequest struct {
	CrewMemberID int64  `json:"crew_member_id"`
	Role         string `json:"role"`
}

type CrewService interface {
	Assign(ctx context.Context, bookingID uuid.UUID, members []CrewRequest) ([]domain.CrewAssignment, error)
	SendRoster(ctx context.Context, day time.Time) error
}

type crewService struct {
	db       *gorm.DB
	crew     repository.CrewRepository
	bookings repository.BookingRepository
	sms      sms.Sender
	log      *slog.Logger
}

func NewCrewService(db *gorm.DB, crew repository.CrewRepository, bookings repository.BookingRepository, sender sms.Sender, log *slog.Logger) CrewService {
	return &crewService{db: db, crew: crew, bookings: bookings, sms: sender, log: log}
}

func (s *crewService) Assign(ctx context.Context, bookingID uuid.UUID, members []CrewRequest) ([]domain.CrewAssignment, error) {
	if len(members) == 0 {
		return nil, invalid("at least one crew member is required")
	}
	var out []domain.CrewAssignment
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		b, err := s.bookings.WithTx(tx).GetForUpdate(ctx, bookingID)
		if err != nil {
			return notFound(err, "booking")
		}
		if !b.Status.Active() {
			return ErrBookingClosed
		}
		crew := s.crew.WithTx(tx)
		for _, m := range members {
			if _, err := crew.GetMember(ctx, m.CrewMemberID); err != nil {
				return notFound(err, fmt.Sprintf("crew member %d", m.CrewMemberID))
			}
			role := m.Role
			if role == "" {
				role = "mover"
			}
			added, err := crew.Assign(ctx, &domain.CrewAssignment{BookingID: b.ID, CrewMemberID: m.CrewMemberID, Role: role})
			if err != nil {
				return err
			}
			if !added {
				continue
			}
			err = crew.ReserveSlot(ctx, &domain.CrewSlot{CrewMemberID: m.CrewMemberID, BookingID: b.ID, SlotDate: b.MoveDate})
			if errors.Is(err, repository.ErrSlotTaken) {
				return fmt.Errorf("%w: crew member %d", ErrCrewUnavailable, m.CrewMemberID)
			}
			if err != nil {
				return err
			}
		}
		out, err = crew.ForBooking(ctx, b.ID)
		return err
	})
	return out, err
}

// SendRoster texts every crew member their jobs for day.
func (s *crewService) SendRoster(ctx context.Context, d time.Time) error {
	lines, err := s.crew.Roster(ctx, d)
	if err != nil {
		return err
	}
	type member struct {
		phone string
		jobs  []string
	}
	byMember := map[int64]*member{}
	var order []int64
	for _, l := range lines {
		m, ok := byMember[l.CrewMemberID]
		if !ok {
			m = &member{phone: l.Phone}
			byMember[l.CrewMemberID] = m
			order = append(order, l.CrewMemberID)
		}
		m.jobs = append(m.jobs, fmt.Sprintf("- %s (%s) job %s", l.Origin, l.Role, l.BookingID.String()[:8]))
	}

	dayStr := d.Format("2006-01-02")
	var failed int
	for _, id := range order {
		m := byMember[id]
		_, err := s.sms.Send(ctx, sms.Message{
			To:        m.phone,
			Body:      rosterSMS(m.jobs, dayStr),
			ClientRef: fmt.Sprintf("roster-%d-%s", id, dayStr),
		})
		if err != nil {
			failed++
			s.log.Warn("roster sms failed", "crew_member", id, "err", err)
		}
	}
	if failed > 0 {
		return fmt.Errorf("roster: %d of %d messages failed", failed, len(order))
	}
	return nil
}
