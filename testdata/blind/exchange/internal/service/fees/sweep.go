package fees

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/store"
)

// Transferer moves money between our own bank accounts.
type Transferer interface {
	CreateTransfer(ctx context.Context, req bank.TransferRequest) (*bank.Transfer, error)
}

// SweepConfig names the accounts involved.
type SweepConfig struct {
	OmnibusAccount string
	RevenueAccount string
	BatchSize      int
}

// Sweeper moves accrued fiat fees from the customer omnibus account to the
// revenue account.
type Sweeper struct {
	store store.Store
	bank  Transferer
	cfg   SweepConfig
	log   *slog.Logger
}

// NewSweeper wires a Sweeper.
func NewSweeper(st store.Store, b Transferer, cfg SweepConfig, log *slog.Logger) *Sweeper {
	if cfg.BatchSize == 0 {
		cfg.BatchSize = 5000
	}
	return &Sweeper{store: st, bank: b, cfg: cfg, log: log}
}

// Sweep transfers every unswept accrual in currency and marks them swept.
func (s *Sweeper) Sweep(ctx context.Context, currency string) (*store.FeeSweep, error) {
	accruals, err := s.store.Repos().Fees.Unswept(ctx, currency, s.cfg.BatchSize)
	if err != nil {
		return nil, err
	}
	if len(accruals) == 0 {
		return nil, nil
	}
	var total int64
	accrualIDs := make([]string, 0, len(accruals))
	for _, a := range accruals {
		total += a.Amount
		accrualIDs = append(accrualIDs, a.ID)
	}

	sweep := &store.FeeSweep{
		ID:           ids.Prefixed("sweep"),
		Currency:     currency,
		Amount:       total,
		AccrualCount: len(accruals),
	}
	transfer, err := s.bank.CreateTransfer(ctx, bank.TransferRequest{
		RequestID:   sweep.ID,
		FromAccount: s.cfg.OmnibusAccount,
		ToAccount:   s.cfg.RevenueAccount,
		Amount:      total,
		Currency:    currency,
		Reference:   fmt.Sprintf("FEE SWEEP %s %s", currency, time.Now().UTC().Format("2006-01-02")),
	})
	if err != nil {
		return nil, fmt.Errorf("sweep transfer: %w", err)
	}
	sweep.BankTransferID = transfer.ID

	err = s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		if err := r.Fees.InsertSweep(ctx, sweep); err != nil {
			return err
		}
		n, err := r.Fees.MarkSwept(ctx, sweep.ID, accrualIDs)
		if err != nil {
			return err
		}
		if int(n) != len(accrualIDs) {
			s.log.WarnContext(ctx, "some accruals were swept concurrently", "sweep_id", sweep.ID, "expected", len(accrualIDs), "marked", n)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.log.InfoContext(ctx, "fees swept", "sweep_id", sweep.ID, "currency", currency, "amount", total)
	return sweep, nil
}
