package consumers

import (
	"context"
	"errors"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"

	"github.com/larchway/hoaops/internal/amenities"
	"github.com/larchway/hoaops/internal/events"
	"github.com/larchway/hoaops/internal/maintenance"
	"github.com/larchway/hoaops/internal/notices"
	"github.com/larchway/hoaops/internal/payments"
	"github.com/larchway/hoaops/internal/tasks"
)

// PaymentRoutes consume Paylane settlement and failure events.
func PaymentRoutes(svc payments.Service, log *slog.Logger) []Route {
	return []Route{
		{
			Name:  "payments.apply-settlement",
			Topic: events.TopicChargeSettled,
			Handler: decode(log, func(ctx context.Context, msg *message.Message, ev events.ChargeSettled) error {
				return svc.ApplySettlement(ctx, msg.UUID, ev)
			}),
		},
		{
			Name:    "payments.apply-failure",
			Topic:   events.TopicChargeFailed,
			Handler: decode(log, applyFailure(svc)),
		},
	}
}

func applyFailure(svc payments.Service) func(context.Context, *message.Message, events.ChargeFailed) error {
	return func(ctx context.Context, _ *message.Message, ev events.ChargeFailed) error {
		return svc.ApplyFailure(ctx, ev)
	}
}

// OperationsRoutes consume maintenance and amenity events.
func OperationsRoutes(m maintenance.Service, a amenities.Service, log *slog.Logger) []Route {
	h := &operations{maintenance: m, amenities: a}
	return []Route{
		{Name: "maintenance.auto-dispatch", Topic: events.TopicMaintenanceRequested, Handler: decode(log, h.autoDispatch)},
		{Name: "maintenance.complete", Topic: events.TopicWorkOrderCompleted, Handler: decode(log, h.workOrderCompleted)},
		{Name: "amenities.schedule-refund", Topic: events.TopicReservationConfirmed, Handler: decode(log, h.reservationConfirmed)},
	}
}

type operations struct {
	maintenance maintenance.Service
	amenities   amenities.Service
}

func (o *operations) autoDispatch(ctx context.Context, _ *message.Message, ev events.MaintenanceRequested) error {
	if ev.Priority != maintenance.PriorityEmergency {
		return nil
	}
	return o.maintenance.AutoDispatch(ctx, ev.RequestID)
}

func (o *operations) workOrderCompleted(ctx context.Context, msg *message.Message, ev events.WorkOrderCompleted) error {
	return o.maintenance.Complete(ctx, msg.UUID, ev)
}

func (o *operations) reservationConfirmed(ctx context.Context, _ *message.Message, ev events.ReservationConfirmed) error {
	return o.amenities.ScheduleDepositRefund(ctx, ev)
}

// Enqueuer schedules asynq tasks.
type Enqueuer interface {
	Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

var channelTask = map[string]string{
	"email": tasks.TypeNoticeEmail,
	"sms":   tasks.TypeNoticeSMS,
}

// NoticeRoutes store requested notices and fan them out to channel tasks.
func NoticeRoutes(svc notices.Service, enq Enqueuer, log *slog.Logger) []Route {
	return []Route{{
		Name:  "notices.fan-out",
		Topic: events.TopicNoticeRequested,
		Handler: decode(log, func(ctx context.Context, _ *message.Message, req events.NoticeRequested) error {
			n, _, err := svc.Create(ctx, req)
			if err != nil {
				return err
			}
			for _, ch := range n.Channels {
				typ, ok := channelTask[ch]
				if !ok {
					log.WarnContext(ctx, "unknown notice channel", "channel", ch, "notice_id", n.ID)
					continue
				}
				_, err := enq.Enqueue(ctx, typ, tasks.NoticePayload{NoticeID: n.ID},
					asynq.TaskID(n.ID.String()+":"+ch),
					asynq.Queue(tasks.QueueNotices),
				)
				if err != nil && !errors.Is(err, asynq.ErrTaskIDConflict) {
					return err
				}
			}
			return nil
		}),
	}}
}
