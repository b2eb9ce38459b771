package consumer

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/clients/sms"
	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/events"
)

// Texter sends SMS.
type Texter interface {
	Send(ctx context.Context, to, body string) (*sms.Sent, error)
}

// HolderLister finds who holds tickets for a performance.
type HolderLister interface {
	TicketHolders(ctx context.Context, performanceID string) ([]domain.TicketHolder, error)
}

// NoticeHandler texts ticket holders when a performance moves.
type NoticeHandler struct {
	DB      *gorm.DB
	Holders HolderLister
	SMS     Texter
	Zone    *time.Location
	Log     *slog.Logger
}

// Rescheduled updates the performance time and texts every ticket holder
// who gave us a mobile number.
func (h *NoticeHandler) Rescheduled(ctx context.Context, e events.Envelope) error {
	ev, err := events.Decode[events.PerformanceRescheduled](e)
	if err != nil {
		return err
	}
	var perf domain.Performance
	if err := h.DB.WithContext(ctx).Where("id = ?", ev.PerformanceID).Take(&perf).Error; err != nil {
		return fmt.Errorf("performance %s: %w", ev.PerformanceID, err)
	}
	if err := h.DB.WithContext(ctx).Exec(`
		UPDATE performances SET starts_at = ?, status = 'rescheduled' WHERE id = ?`,
		ev.NewStartsAt, perf.ID).Error; err != nil {
		return err
	}

	holders, err := h.Holders.TicketHolders(ctx, perf.ID)
	if err != nil {
		return err
	}
	when := ev.NewStartsAt.In(h.Zone).Format("Mon Jan 2 at 3:04 PM")
	sent := make([]domain.Notification, 0, len(holders))
	for _, th := range holders {
		if th.Phone == nil || *th.Phone == "" {
			continue
		}
		body := fmt.Sprintf("Harborlight Symphony: %s has moved to %s. Your %d seat(s) carry over. %s",
			perf.Title, when, th.Seats, ev.Note)
		if _, err := h.SMS.Send(ctx, *th.Phone, body); err != nil {
			return fmt.Errorf("text %s: %w", th.PatronID, err)
		}
		sent = append(sent, domain.Notification{
			ID:        uuid.NewString(),
			Channel:   "sms",
			Recipient: *th.Phone,
			Kind:      "performance_rescheduled",
			Ref:       perf.ID,
			SentAt:    time.Now().UTC(),
		})
	}
	if len(sent) == 0 {
		return nil
	}
	return h.DB.WithContext(ctx).CreateInBatches(sent, 200).Error
}
