package interment

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
	"github.com/hollowpine-memorial/plotkeeper/internal/notify"
	"github.com/hollowpine-memorial/plotkeeper/internal/provider/funeralhome"
	"github.com/hollowpine-memorial/plotkeeper/internal/queue"
	"github.com/hollowpine-memorial/plotkeeper/internal/repository"
	"github.com/hollowpine-memorial/plotkeeper/internal/service"
	"github.com/hollowpine-memorial/plotkeeper/internal/uow"
)

type EventOptions struct {
	UoW          uow.Runner
	Events       repository.PartnerEvents
	Interments   repository.Interments
	CareAccounts repository.CareAccounts
	Queue        queue.Enqueuer
	Logger       *zap.Logger
	Location     *time.Location
}

// EventService applies status callbacks from the funeral-home partner.
type EventService struct {
	uow        uow.Runner
	events     repository.PartnerEvents
	interments repository.Interments
	accounts   repository.CareAccounts
	queue      queue.Enqueuer
	log        *zap.Logger
	loc        *time.Location
}

var _ service.PartnerEvents = (*EventService)(nil)

func NewEventService(opts EventOptions) *EventService {
	loc := opts.Location
	if loc == nil {
		loc = time.UTC
	}
	return &EventService{
		uow:        opts.UoW,
		events:     opts.Events,
		interments: opts.Interments,
		accounts:   opts.CareAccounts,
		queue:      opts.Queue,
		log:        opts.Logger,
		loc:        loc,
	}
}

// HandlePartnerEvent applies one partner callback. The partner redelivers
// until it gets a 2xx, so already-processed event IDs are skipped.
func (s *EventService) HandlePartnerEvent(ctx context.Context, evt funeralhome.Event) error {
	seen, err := s.events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.Debug("partner event already applied", zap.String("event_id", evt.ID))
		return nil
	}

	in, err := s.interments.FindByBookingRef(ctx, evt.BookingRef)
	if err != nil {
		return fmt.Errorf("partner event %s: %w", evt.ID, err)
	}

	err = s.uow.Do(ctx, func(ctx context.Context) error {
		switch evt.Type {
		case funeralhome.EventBookingConfirmed:
			return s.onConfirmed(ctx, evt, in)
		case funeralhome.EventIntermentComplete:
			return s.onCompleted(ctx, evt, in)
		case funeralhome.EventBookingDeclined:
			if err := s.interments.SetStatus(ctx, in.ID, domain.IntermentRequested); err != nil {
				return err
			}
			return s.timeline(ctx, in.ID, "declined", "partner declined booking "+evt.BookingRef, evt.OccurredAt)
		default:
			s.log.Info("ignoring partner event", zap.String("type", evt.Type))
			return nil
		}
	})
	if err != nil {
		return err
	}
	return s.events.Mark(ctx, evt.ID, evt.Type)
}

func (s *EventService) onConfirmed(ctx context.Context, evt funeralhome.Event, in domain.Interment) error {
	if err := s.interments.SetStatus(ctx, in.ID, domain.IntermentConfirmed); err != nil {
		return err
	}
	if err := s.timeline(ctx, in.ID, "confirmed", "funeral home confirmed", evt.OccurredAt); err != nil {
		return err
	}
	return notify.Queue(ctx, s.queue, notify.Message{
		FamilyID: in.FamilyID,
		Template: "interment_confirmed",
		Params: map[string]string{
			"decedent":     in.DecedentName,
			"funeral_home": in.FuneralHomeID,
			"when":         in.ServiceAt.In(s.loc).Format("Mon Jan 2 at 3:04 PM"),
		},
		DedupKey: "partner:" + evt.ID,
	})
}

// onCompleted closes the interment and posts the opening-and-closing fee
// the funeral home reports against the family's care account.
func (s *EventService) onCompleted(ctx context.Context, evt funeralhome.Event, in domain.Interment) error {
	var data funeralhome.CompletionData
	if len(evt.Data) > 0 {
		if err := json.Unmarshal(evt.Data, &data); err != nil {
			return fmt.Errorf("decode completion data: %w", err)
		}
	}
	if err := s.interments.SetStatus(ctx, in.ID, domain.IntermentCompleted); err != nil {
		return err
	}
	if data.OpeningClosingFeeCents > 0 && data.CareAccountRef != "" {
		if err := s.accounts.AdjustBalance(ctx, data.CareAccountRef, -data.OpeningClosingFeeCents); err != nil {
			return err
		}
	}
	detail := fmt.Sprintf("completed; opening/closing fee %d cents", data.OpeningClosingFeeCents)
	return s.timeline(ctx, in.ID, "completed", detail, evt.OccurredAt)
}

func (s *EventService) timeline(ctx context.Context, intermentID, event, detail string, at time.Time) error {
	if at.IsZero() {
		at = time.Now()
	}
	return s.interments.AppendTimeline(ctx, domain.TimelineEntry{
		ID:          uuid.NewString(),
		IntermentID: intermentID,
		Event:       event,
		Detail:      detail,
		OccurredAt:  at.UTC(),
	})
}
