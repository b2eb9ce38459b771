// Package vouchers manages the voucher lifecycle after issuance.
package vouchers

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/domain"
)

type VoucherRepository interface {
	GetByCode(ctx context.Context, code string) (db.Voucher, error)
	SetStatus(ctx context.Context, id uuid.UUID, status string) error
}

type LedgerRepository interface {
	Post(ctx context.Context, memberID uuid.UUID, delta int64, kind, ref, note string) (bool, error)
}

type Service struct {
	vouchers VoucherRepository
	ledger   LedgerRepository
}

func NewService(v VoucherRepository, l LedgerRepository) *Service {
	return &Service{vouchers: v, ledger: l}
}

// Cancel voids an unused voucher and returns its points to the member.
func (s *Service) Cancel(ctx context.Context, code string) (db.Voucher, error) {
	v, err := s.vouchers.GetByCode(ctx, code)
	if err != nil {
		return db.Voucher{}, err
	}
	switch v.Status {
	case "cancelled":
		return v, nil
	case "issued":
	default:
		return db.Voucher{}, fmt.Errorf("%w: voucher is %s", domain.ErrInvalidState, v.Status)
	}

	if err := s.vouchers.SetStatus(ctx, v.ID, "cancelled"); err != nil {
		return db.Voucher{}, fmt.Errorf("cancel voucher: %w", err)
	}
	if _, err := s.ledger.Post(ctx, v.MemberID, v.Points, "voucher_cancel",
		"voucher-cancel:"+v.ID.String(), "voucher "+v.Code+" cancelled"); err != nil {
		return db.Voucher{}, fmt.Errorf("refund points: %w", err)
	}
	v.Status = "cancelled"
	return v, nil
}
