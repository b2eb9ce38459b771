// Package interment implements service.Interments: scheduling a burial on a
// reserved plot, booking it with the funeral-home partner, rescheduling,
// and day-before reminders.
package interment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/jobs"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

type Options struct {
	UoW          uow.Runner
	Interments   repository.Interments
	Reservations repository.Reservations
	Plots        repository.Plots
	Families     repository.Families
	Partner      provider.FuneralHome
	SMS          provider.SMS
	Queue        queue.Enqueuer
	Logger       *zap.Logger

	ReminderLead time.Duration
	Location     *time.Location
	Now          func() time.Time
}

type Service struct {
	uow          uow.Runner
	interments   repository.Interments
	reservations repository.Reservations
	plots        repository.Plots
	families     repository.Families
	partner      provider.FuneralHome
	sms          provider.SMS
	queue        queue.Enqueuer
	log          *zap.Logger
	lead         time.Duration
	loc          *time.Location
	now          func() time.Time
}

var _ service.Interments = (*Service)(nil)

func New(opts Options) *Service {
	s := &Service{
		uow:          opts.UoW,
		interments:   opts.Interments,
		reservations: opts.Reservations,
		plots:        opts.Plots,
		families:     opts.Families,
		partner:      opts.Partner,
		sms:          opts.SMS,
		queue:        opts.Queue,
		log:          opts.Logger,
		lead:         opts.ReminderLead,
		loc:          opts.Location,
		now:          opts.Now,
	}
	if s.log == nil {
		s.log = zap.NewNop()
	}
	if s.lead == 0 {
		s.lead = 24 * time.Hour
	}
	if s.loc == nil {
		s.loc = time.UTC
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

func (s *Service) when(t time.Time) string {
	return t.In(s.loc).Format("Mon Jan 2 at 3:04 PM")
}

// Schedule records the interment for a confirmed reservation and queues the
// partner booking. One interment per reservation.
func (s *Service) Schedule(ctx context.Context, in service.ScheduleInput) (domain.Interment, error) {
	if in.DecedentName == "" || in.FuneralHomeID == "" || in.ServiceAt.IsZero() {
		return domain.Interment{}, fmt.Errorf("%w: decedent, funeral home and service time are required", service.ErrValidation)
	}
	res, err := s.reservations.Get(ctx, in.ReservationID)
	if err != nil {
		return domain.Interment{}, err
	}
	if res.Status != domain.ReservationConfirmed {
		return domain.Interment{}, fmt.Errorf("%w: reservation %s is %s", service.ErrInvalidState, res.ID, res.Status)
	}

	var out domain.Interment
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		rec, created, err := s.interments.CreateOrGet(ctx, domain.Interment{
			ID:            "int_" + uuid.NewString(),
			ReservationID: res.ID,
			PlotID:        res.PlotID,
			FamilyID:      res.FamilyID,
			DecedentName:  in.DecedentName,
			FuneralHomeID: in.FuneralHomeID,
			ServiceAt:     in.ServiceAt.UTC(),
			Status:        domain.IntermentRequested,
		})
		if err != nil {
			return err
		}
		out = rec
		if !created {
			return nil
		}
		if err := s.queue.Enqueue(ctx, jobs.IntermentBookArgs{IntermentID: rec.ID}, nil); err != nil {
			return err
		}
		return s.interments.AppendTimeline(ctx, domain.TimelineEntry{
			ID:          uuid.NewString(),
			IntermentID: rec.ID,
			Event:       "scheduled",
			Detail:      "requested with funeral home " + in.FuneralHomeID,
			OccurredAt:  s.now().UTC(),
		})
	})
	if err != nil {
		return domain.Interment{}, err
	}

	if err := notify.Queue(ctx, s.queue, notify.Message{
		FamilyID: out.FamilyID,
		Template: "interment_scheduled",
		Params:   map[string]string{"decedent": out.DecedentName, "when": s.when(out.ServiceAt)},
	}); err != nil {
		s.log.Warn("queue scheduled notice", zap.String("interment_id", out.ID), zap.Error(err))
	}
	return out, nil
}

// Book sends the interment to the funeral-home partner and stores the
// booking reference it returns.
func (s *Service) Book(ctx context.Context, intermentID string) error {
	in, err := s.interments.Get(ctx, intermentID)
	if err != nil {
		return err
	}
	if in.PartnerBookingRef.Valid {
		return nil
	}
	plot, err := s.plots.Get(ctx, in.PlotID)
	if err != nil {
		return err
	}

	booking, err := s.partner.Book(ctx, provider.BookingRequest{
		FuneralHomeID: in.FuneralHomeID,
		PlotRef:       fmt.Sprintf("%s-%s-%d", plot.Section, plot.RowLabel, plot.Position),
		DecedentName:  in.DecedentName,
		ServiceAt:     in.ServiceAt,
	}, provider.WithSubject(in.ID))
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context) error {
		ok, err := s.interments.SetBooking(ctx, in.ID, booking.Ref)
		if err != nil || !ok {
			return err
		}
		return s.interments.AppendTimeline(ctx, domain.TimelineEntry{
			ID:          uuid.NewString(),
			IntermentID: in.ID,
			Event:       "booked",
			Detail:      "partner booking " + booking.Ref,
			OccurredAt:  s.now().UTC(),
		})
	})
}

// Reschedule moves the service to a new time with the partner first, then
// locally. The partner key is derived from the interment and the target
// time, so a repeated request is collapsed by the partner.
func (s *Service) Reschedule(ctx context.Context, intermentID string, at time.Time) (domain.Interment, error) {
	in, err := s.interments.Get(ctx, intermentID)
	if err != nil {
		return domain.Interment{}, err
	}
	at = at.UTC().Truncate(time.Minute)
	if in.ServiceAt.Equal(at) {
		return in, nil
	}
	if !in.PartnerBookingRef.Valid {
		return domain.Interment{}, fmt.Errorf("%w: interment %s is not booked yet", service.ErrInvalidState, in.ID)
	}

	key := fmt.Sprintf("reschedule:%s:%d", in.ID, at.Unix())
	if err := s.partner.Reschedule(ctx, in.PartnerBookingRef.String, at,
		provider.WithIdempotencyKey(key), provider.WithSubject(in.ID)); err != nil {
		return domain.Interment{}, err
	}

	previous := in.ServiceAt
	err = s.uow.Do(ctx, func(ctx context.Context) error {
		moved, err := s.interments.Reschedule(ctx, in.ID, previous, at)
		if err != nil || !moved {
			return err
		}
		return s.interments.AppendTimeline(ctx, domain.TimelineEntry{
			ID:          uuid.NewString(),
			IntermentID: in.ID,
			Event:       "rescheduled",
			Detail:      previous.Format(time.RFC3339) + " -> " + at.Format(time.RFC3339),
			OccurredAt:  s.now().UTC(),
		})
	})
	if err != nil {
		return domain.Interment{}, err
	}
	in.ServiceAt = at
	return in, nil
}

// SendReminders texts each family whose service falls inside the lead
// window and has not been reminded yet.
func (s *Service) SendReminders(ctx context.Context, now time.Time) (int, error) {
	due, err := s.interments.DueForReminder(ctx, now, now.Add(s.lead))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, in := range due {
		body, err := notify.Render("interment_reminder", map[string]string{
			"decedent": in.DecedentName,
			"when":     s.when(in.ServiceAt),
		})
		if err != nil {
			return sent, err
		}
		contacts, err := s.families.Contacts(ctx, in.FamilyID)
		if err != nil {
			return sent, err
		}
		for _, c := range contacts {
			if !c.SMSOptIn {
				continue
			}
			if _, err := s.sms.Send(ctx, c.Phone, body); err != nil {
				return sent, fmt.Errorf("remind %s for %s: %w", c.ID, in.ID, err)
			}
			sent++
		}
		if err := s.interments.MarkReminded(ctx, in.ID, now); err != nil {
			return sent, errors.Join(fmt.Errorf("mark reminded %s", in.ID), err)
		}
	}
	return sent, nil
}
