package deposits

import (
	"context"
	"errors"
	"fmt"

	"github.com/halyard/funding/internal/platform/ids"
	"github.com/halyard/funding/internal/store"
)

// DetectedDeposit is a transfer into one of our addresses seen in a block.
type DetectedDeposit struct {
	Chain         string `json:"chain"`
	TxHash        string `json:"tx_hash"`
	OutputIndex   int    `json:"output_index"`
	Address       string `json:"address"`
	Asset         string `json:"asset"`
	Amount        int64  `json:"amount"`
	BlockHeight   int64  `json:"block_height"`
	Confirmations int    `json:"confirmations"`
}

// ConfirmedDeposit reports a deposit reaching a confirmation depth.
type ConfirmedDeposit struct {
	Chain         string `json:"chain"`
	TxHash        string `json:"tx_hash"`
	OutputIndex   int    `json:"output_index"`
	BlockHeight   int64  `json:"block_height"`
	Confirmations int    `json:"confirmations"`
}

// ReorgedDeposit reports that the block containing a deposit was orphaned.
type ReorgedDeposit struct {
	Chain         string `json:"chain"`
	TxHash        string `json:"tx_hash"`
	OutputIndex   int    `json:"output_index"`
	OrphanedBlock string `json:"orphaned_block"`
}

// RecordDetected stores a newly seen deposit as pending. The output's
// on-chain coordinates are the natural key.
func (s *Service) RecordDetected(ctx context.Context, d DetectedDeposit) error {
	addr, err := s.store.Repos().Addresses.Lookup(ctx, d.Chain, d.Address)
	if errors.Is(err, store.ErrNotFound) {
		s.log.WarnContext(ctx, "deposit to unknown address", "chain", d.Chain, "address", d.Address)
		return nil
	}
	if err != nil {
		return err
	}
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		acct, err := r.Ledger.EnsureAccount(ctx, addr.UserID, d.Asset)
		if err != nil {
			return err
		}
		dep := &store.CryptoDeposit{
			ID:            ids.Prefixed("cdep"),
			Chain:         d.Chain,
			TxHash:        d.TxHash,
			OutputIndex:   d.OutputIndex,
			Address:       d.Address,
			UserID:        addr.UserID,
			AccountID:     acct.ID,
			Asset:         d.Asset,
			Amount:        d.Amount,
			Confirmations: d.Confirmations,
			BlockHeight:   d.BlockHeight,
			Status:        store.DepositPending,
			ReviewStatus:  store.ReviewNone,
		}
		inserted, err := r.CryptoDeposits.InsertIfAbsent(ctx, dep)
		if err != nil {
			return err
		}
		if inserted {
			s.log.InfoContext(ctx, "deposit detected", "deposit_id", dep.ID, "chain", d.Chain, "tx", d.TxHash)
		}
		return nil
	})
}

// ApplyConfirmation credits a deposit once it is deep enough.
func (s *Service) ApplyConfirmation(ctx context.Context, c ConfirmedDeposit) error {
	repos := s.store.Repos()
	dep, err := repos.CryptoDeposits.GetByOutput(ctx, c.Chain, c.TxHash, c.OutputIndex)
	if err != nil {
		return err
	}
	if dep.Status != store.DepositPending {
		return nil
	}
	if err := repos.CryptoDeposits.UpdateConfirmations(ctx, dep.ID, c.Confirmations, c.BlockHeight); err != nil {
		return err
	}
	if c.Confirmations < s.required(c.Chain) || dep.ReviewStatus == store.ReviewHeld {
		return nil
	}
	if err := repos.Ledger.Apply(ctx, store.Credit(dep.AccountID, dep.Asset, dep.Amount, "crypto_deposit", dep.ID)); err != nil {
		return fmt.Errorf("credit deposit %s: %w", dep.ID, err)
	}
	return repos.CryptoDeposits.MarkCredited(ctx, dep.ID)
}

const reorgSource = "chain.deposits.reorged"

// Reverse undoes a deposit whose block was orphaned.
func (s *Service) Reverse(ctx context.Context, eventID string, rd ReorgedDeposit) error {
	claimed, err := s.store.Repos().Events.Claim(ctx, reorgSource, eventID)
	if err != nil {
		return err
	}
	if !claimed {
		return nil
	}
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		dep, err := r.CryptoDeposits.GetByOutputForUpdate(ctx, rd.Chain, rd.TxHash, rd.OutputIndex)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if dep.Status == store.DepositCredited {
			m := store.Debit(dep.AccountID, dep.Asset, dep.Amount, "crypto_deposit_reorg", dep.ID)
			if err := r.Ledger.Apply(ctx, m); err != nil {
				return err
			}
		}
		return r.CryptoDeposits.MarkReversed(ctx, dep.ID)
	})
}

func (s *Service) required(chain string) int {
	if n, ok := s.confirmations[chain]; ok {
		return n
	}
	return 6
}
