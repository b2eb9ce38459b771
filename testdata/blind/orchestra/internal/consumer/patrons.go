package consumer

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/events"
)

// PatronSync mirrors patron records pushed from the CRM.
type PatronSync struct {
	DB *gorm.DB
}

// Handle upserts the patron under the CRM's id.
func (h *PatronSync) Handle(ctx context.Context, e events.Envelope) error {
	p, err := events.Decode[events.PatronUpserted](e)
	if err != nil {
		return err
	}
	row := domain.Patron{
		ID:               p.PatronID,
		Email:            p.Email,
		Phone:            p.Phone,
		FullName:         p.FullName,
		StripeCustomerID: p.StripeCustomerID,
		CreatedAt:        e.OccurredAt,
	}
	return h.DB.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "id"}},
		DoUpdates: clause.AssignmentColumns([]string{"email", "phone", "full_name", "stripe_customer_id"}),
	}).Create(&row).Error
}

// Table returns the consumer's dispatch table.
func Table(sales *SalesHandlers, scans *ScanHandler, refunds *RefundHandler, notices *NoticeHandler,
	desk *PledgeDeskHandler, patrons *PatronSync) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		events.TypePOSSale:             sales.POSSale,
		events.TypeRoundup:             sales.Roundup,
		events.TypeTicketScanned:       scans.Handle,
		events.TypeRefundRequested:     refunds.Handle,
		events.TypePerformanceMoved:    notices.Rescheduled,
		events.TypePledgePaymentAtDesk: desk.Handle,
		events.TypePatronUpserted:      patrons.Handle,
	}
}
