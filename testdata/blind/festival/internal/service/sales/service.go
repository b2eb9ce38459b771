// Package sales ingests the offline sales batches POS terminals upload when
// they regain connectivity, and applies them to wallets.
package sales

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/apperr"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/db"
	"github.com/loopgate/festival-cashless/internal/events"
	"github.com/loopgate/festival-cashless/internal/store"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

const maxBatchItems = 500

// ErrSaleNotYetSynced is returned for a void that overtook its sale.
var ErrSaleNotYetSynced = errors.New("sale not yet synced")

type Service struct {
	store        *store.Store
	pub          events.Publisher
	enqueuer     tasks.Enqueuer
	lowBalanceAt int64
}

func NewService(s *store.Store, pub events.Publisher, enq tasks.Enqueuer, cfg config.Config) *Service {
	return &Service{store: s, pub: pub, enqueuer: enq, lowBalanceAt: cfg.LowBalanceAt}
}

func batchMsgID(terminalID string, seq int64) string {
	return fmt.Sprintf("pos-batch:%s:%d", terminalID, seq)
}

// Ingest validates an uploaded batch and hands it to the stream, keyed by
// the terminal's own batch numbering.
func (s *Service) Ingest(ctx context.Context, b events.POSBatch) error {
	if len(b.Items) == 0 {
		return apperr.Invalid("items", "batch is empty")
	}
	if len(b.Items) > maxBatchItems {
		return apperr.Invalid("items", "batch has more than %d items", maxBatchItems)
	}
	if _, err := s.store.GetTerminal(ctx, b.TerminalID); err != nil {
		if store.NoRows(err) {
			return apperr.NotFound("terminal_not_found", "terminal %s is not enrolled", b.TerminalID)
		}
		return err
	}
	return s.pub.Publish(ctx, events.SubjectPOSBatches, batchMsgID(b.TerminalID, b.BatchSeq), b)
}

// IngestVoid queues a void the terminal recorded for one of its sales.
func (s *Service) IngestVoid(ctx context.Context, v events.POSVoid) error {
	return s.pub.Publish(ctx, events.SubjectPOSVoids, fmt.Sprintf("pos-void:%s:%d", v.TerminalID, v.LocalSeq), v)
}

type walletDebit struct {
	amount  int64
	balance int64
	wallet  db.Wallet
}

// ApplyBatch books every sale of a batch and debits the wallets.
func (s *Service) ApplyBatch(ctx context.Context, b events.POSBatch) error {
	seen, err := s.store.POSBatchExists(ctx, db.POSBatchExistsParams{TerminalID: b.TerminalID, BatchSeq: b.BatchSeq})
	if err != nil {
		return err
	}
	if seen {
		slog.InfoContext(ctx, "pos batch already applied", "terminal", b.TerminalID, "seq", b.BatchSeq)
		return nil
	}
	term, err := s.store.GetTerminal(ctx, b.TerminalID)
	if err != nil {
		return err
	}

	debits := map[uuid.UUID]*walletDebit{}
	err = s.store.InTx(ctx, func(q *db.Queries) error {
		for _, it := range b.Items {
			wb, err := q.GetWristband(ctx, it.WristbandUID)
			if err != nil {
				if store.NoRows(err) {
					slog.WarnContext(ctx, "sale for unknown wristband", "terminal", b.TerminalID, "seq", it.LocalSeq, "uid", it.WristbandUID)
					continue
				}
				return err
			}
			if wb.WalletID == nil {
				continue
			}
			if _, err := q.InsertSale(ctx, db.InsertSaleParams{
				TerminalID:   b.TerminalID,
				LocalSeq:     it.LocalSeq,
				VendorID:     term.VendorID,
				WristbandUid: wb.Uid,
				WalletID:     *wb.WalletID,
				AmountCents:  it.AmountCents,
				SoldAt:       it.SoldAt,
			}); err != nil {
				return err
			}
			d := debits[*wb.WalletID]
			if d == nil {
				d = &walletDebit{}
				debits[*wb.WalletID] = d
			}
			d.amount += it.AmountCents
		}
		for _, id := range sortedWallets(debits) {
			d := debits[id]
			w, err := q.DebitWalletOffline(ctx, db.DebitWalletOfflineParams{ID: id, Amount: d.amount})
			if err != nil {
				return err
			}
			d.wallet, d.balance = w, w.BalanceCents
			ref := fmt.Sprintf("pos:%s:%d", b.TerminalID, b.BatchSeq)
			if err := store.Post(ctx, q, id, store.LedgerSale, -d.amount, ref); err != nil {
				return err
			}
		}
		return q.TouchTerminal(ctx, db.TouchTerminalParams{ID: b.TerminalID, Seq: b.BatchSeq})
	})
	if err != nil {
		return fmt.Errorf("apply batch %s/%d: %w", b.TerminalID, b.BatchSeq, err)
	}

	if err := s.store.InsertPOSBatch(ctx, db.InsertPOSBatchParams{
		TerminalID: b.TerminalID,
		BatchSeq:   b.BatchSeq,
		ItemCount:  int32(len(b.Items)),
		TotalCents: b.Total(),
	}); err != nil {
		return err
	}
	return s.afterBatch(ctx, b, debits)
}

func (s *Service) afterBatch(ctx context.Context, b events.POSBatch, debits map[uuid.UUID]*walletDebit) error {
	trigger := fmt.Sprintf("%s:%d", b.TerminalID, b.BatchSeq)
	for _, id := range sortedWallets(debits) {
		d := debits[id]
		w := d.wallet
		if w.AutoreloadThresholdCents != nil && w.CardToken != nil && d.balance < *w.AutoreloadThresholdCents {
			amount := int64(0)
			if w.AutoreloadAmountCents != nil {
				amount = *w.AutoreloadAmountCents
			}
			err := tasks.Enqueue(ctx, s.enqueuer, tasks.TypeTopupAutoreload, tasks.AutoreloadPayload{
				WalletID:    id,
				AmountCents: amount,
				Trigger:     trigger,
			}, asynq.TaskID("autoreload:"+id.String()+":"+trigger), asynq.Queue(tasks.QueueCritical))
			if err != nil {
				return err
			}
			continue
		}
		if d.balance < s.lowBalanceAt {
			err := s.pub.Publish(ctx, events.SubjectWalletsLowBalance, "low-balance:"+id.String()+":"+trigger, events.LowBalance{
				WalletID:     id,
				AttendeeID:   w.AttendeeID,
				BalanceCents: d.balance,
				Trigger:      trigger,
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

func sortedWallets(m map[uuid.UUID]*walletDebit) []uuid.UUID {
	out := make([]uuid.UUID, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// ApplyVoid reverses one sale and credits the wallet back.
func (s *Service) ApplyVoid(ctx context.Context, v events.POSVoid) error {
	return s.store.InTx(ctx, func(q *db.Queries) error {
		if _, err := q.InsertSaleVoid(ctx, db.InsertSaleVoidParams{
			TerminalID: v.TerminalID,
			LocalSeq:   v.LocalSeq,
			Reason:     v.Reason,
		}); err != nil {
			if store.NoRows(err) {
				return nil
			}
			return err
		}
		sale, err := q.VoidSale(ctx, db.VoidSaleParams{TerminalID: v.TerminalID, LocalSeq: v.LocalSeq})
		if store.NoRows(err) {
			// The batch with the sale has not been applied yet.
			return fmt.Errorf("void %s/%d: %w", v.TerminalID, v.LocalSeq, ErrSaleNotYetSynced)
		}
		if err != nil {
			return err
		}
		if _, err := q.CreditWallet(ctx, db.CreditWalletParams{ID: sale.WalletID, Amount: sale.AmountCents}); err != nil {
			return err
		}
		return store.Post(ctx, q, sale.WalletID, store.LedgerVoid, sale.AmountCents, fmt.Sprintf("void:%s:%d", v.TerminalID, v.LocalSeq))
	})
}
