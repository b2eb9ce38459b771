package decorators

import (
	"context"
	"time"

	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/domain"
	"github.com/forkandfeast/catering/internal/core/ports"
	"github.com/forkandfeast/catering/internal/platform/metrics"
)

type messagingService struct {
	next ports.MessagingService
	o    observer
}

// Messaging decorates a MessagingService.
func Messaging(next ports.MessagingService, log *zap.Logger, m *metrics.Metrics) ports.MessagingService {
	return &messagingService{next: next, o: newObserver("messaging", log, m)}
}

func (d *messagingService) ScheduleAnnouncement(ctx context.Context, a ports.Announcement) (string, error) {
	return call(ctx, d.o, "ScheduleAnnouncement", func() (string, error) {
		return d.next.ScheduleAnnouncement(ctx, a)
	}, zap.Stringer("event", a.EventID), zap.String("template", a.Template))
}

func (d *messagingService) SendBatch(ctx context.Context, job ports.GuestMessageBatchJob) (int, error) {
	return call(ctx, d.o, "SendBatch", func() (int, error) {
		return d.next.SendBatch(ctx, job)
	}, zap.String("batch", job.BatchID))
}

func (d *messagingService) PlanEventDay(ctx context.Context, day time.Time) (int, error) {
	return call(ctx, d.o, "PlanEventDay", func() (int, error) {
		return d.next.PlanEventDay(ctx, day)
	}, zap.Time("day", day))
}

func (d *messagingService) RecordDelivery(ctx context.Context, r domain.DeliveryReceipt) error {
	return call0(ctx, d.o, "RecordDelivery", func() error {
		return d.next.RecordDelivery(ctx, r)
	}, zap.String("sid", r.ProviderMessageID), zap.String("status", r.Status))
}

func (d *messagingService) RecordInbound(ctx context.Context, m domain.InboundSMS) error {
	return call0(ctx, d.o, "RecordInbound", func() error { return d.next.RecordInbound(ctx, m) })
}
