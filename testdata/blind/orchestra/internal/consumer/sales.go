package consumer

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/oklog/ulid/v2"
	"gorm.io/gorm"

	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/events"
	"github.com/harborlight-symphony/encore/internal/store"
)

// SalesHandlers records activity from the hall's box-office terminals.
type SalesHandlers struct {
	DB *gorm.DB
}

// POSSale records a walk-up ticket sale and bumps the performance's count.
func (h *SalesHandlers) POSSale(ctx context.Context, e events.Envelope) error {
	s, err := events.Decode[events.POSSale](e)
	if err != nil {
		return err
	}
	if s.Quantity <= 0 {
		return nil
	}
	sale := domain.TicketSale{
		ID:            ulid.Make().String(),
		PosTxnID:      s.PosTxnID,
		TerminalID:    s.TerminalID,
		PerformanceID: s.PerformanceID,
		Quantity:      s.Quantity,
		AmountCents:   s.AmountCents,
		Tender:        s.Tender,
		SoldAt:        s.SoldAt,
	}
	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&sale).Error; err != nil {
			return fmt.Errorf("insert sale %s: %w", s.PosTxnID, err)
		}
		return tx.Exec(`
			UPDATE performances
			   SET sold_count = sold_count + ?,
			       status = CASE WHEN sold_count + ? >= capacity THEN 'sold_out' ELSE status END
			 WHERE id = ?`, s.Quantity, s.Quantity, s.PerformanceID).Error
	})
}

// Roundup records a round-up donation added at the terminal and credits
// the campaign.
func (h *SalesHandlers) Roundup(ctx context.Context, e events.Envelope) error {
	r, err := events.Decode[events.Roundup](e)
	if err != nil {
		return err
	}
	row := domain.Roundup{
		PosTxnID:     r.PosTxnID,
		TerminalID:   r.TerminalID,
		CampaignCode: r.CampaignCode,
		AmountCents:  r.AmountCents,
		ReceivedAt:   r.ReceivedAt,
	}
	if err := h.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return fmt.Errorf("insert roundup %s: %w", r.PosTxnID, err)
	}
	return h.DB.WithContext(ctx).Exec(
		`UPDATE campaigns SET raised_cents = raised_cents + ? WHERE code = ?`,
		r.AmountCents, r.CampaignCode).Error
}

// ScanHandler records door scans.
type ScanHandler struct {
	DB *gorm.DB
}

// Handle marks the ticket as scanned and keeps the scan for the house
// manager's attendance report.
func (h *ScanHandler) Handle(ctx context.Context, e events.Envelope) error {
	s, err := events.Decode[events.TicketScanned](e)
	if err != nil {
		return err
	}
	return h.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		first, err := store.Claim(tx, e.ID, e.Type)
		if err != nil {
			return err
		}
		if !first {
			return nil
		}
		if err := tx.Exec(`UPDATE tickets SET status = 'scanned', scanned_at = ?
		                    WHERE id = ? AND status = 'sold'`, s.ScannedAt, s.TicketID).Error; err != nil {
			return err
		}
		scan := domain.TicketScan{
			ID:        uuid.NewString(),
			EventID:   e.ID,
			TicketID:  s.TicketID,
			Gate:      s.Gate,
			ScannedAt: s.ScannedAt,
		}
		if err := tx.Create(&scan).Error; err != nil {
			return fmt.Errorf("insert scan: %w", err)
		}
		return nil
	})
}
