package withdrawals

import (
	"context"
	"errors"

	"github.com/halyard/funding/internal/service/fees"
	"github.com/halyard/funding/internal/store"
)

// SeenOnChain reports one of our withdrawal transactions included in a
// block.
type SeenOnChain struct {
	Chain       string `json:"chain"`
	TxHash      string `json:"tx_hash"`
	BlockHash   string `json:"block_hash"`
	BlockHeight int64  `json:"block_height"`
}

// ConfirmedOnChain reports a withdrawal transaction reaching finality.
type ConfirmedOnChain struct {
	Chain         string `json:"chain"`
	TxHash        string `json:"tx_hash"`
	BlockHeight   int64  `json:"block_height"`
	Confirmations int    `json:"confirmations"`
	NetworkFee    int64  `json:"network_fee"`
}

// RecordInclusion notes the block a broadcast withdrawal landed in.
func (s *Service) RecordInclusion(ctx context.Context, ev SeenOnChain) error {
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		w, err := r.Withdrawals.GetByTxHashForUpdate(ctx, ev.Chain, ev.TxHash)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := r.Observations.Record(ctx, &store.ChainObservation{
			Chain:       ev.Chain,
			TxHash:      ev.TxHash,
			BlockHash:   ev.BlockHash,
			BlockHeight: ev.BlockHeight,
		}); err != nil {
			return err
		}
		_, err = r.Withdrawals.Transition(ctx, w.ID, []string{store.WithdrawalBroadcast}, store.WithdrawalInBlock)
		return err
	})
}

// Complete finalises a crypto withdrawal: the held funds are settled and
// the fee spread is accrued.
func (s *Service) Complete(ctx context.Context, ev ConfirmedOnChain) error {
	return s.store.InTx(ctx, func(ctx context.Context, r *store.Repos) error {
		w, err := r.Withdrawals.GetByTxHashForUpdate(ctx, ev.Chain, ev.TxHash)
		if errors.Is(err, store.ErrNotFound) {
			s.log.WarnContext(ctx, "confirmation for unknown withdrawal tx", "chain", ev.Chain, "tx", ev.TxHash)
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Withdrawals.SetConfirmations(ctx, w.ID, ev.Confirmations); err != nil {
			return err
		}
		settled, err := r.Withdrawals.Transition(ctx, w.ID,
			[]string{store.WithdrawalBroadcast, store.WithdrawalInBlock, store.WithdrawalSubmitted}, store.WithdrawalCompleted)
		if err != nil {
			return err
		}
		if settled {
			if err := r.Ledger.Apply(ctx, store.Settle(w.AccountID, w.Asset, w.Total(), "withdrawal_settled", w.ID)); err != nil {
				return err
			}
		}
		return r.Fees.Accrue(ctx, fees.NetworkSpread(w, ev.NetworkFee))
	})
}
