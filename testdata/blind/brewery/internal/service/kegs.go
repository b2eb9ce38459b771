package service

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/ironkettle/taproute/internal/domain"
	"github.com/ironkettle/taproute/internal/platform/ids"
	"github.com/ironkettle/taproute/internal/provider/ach"
	"github.com/ironkettle/taproute/internal/store"
)

// Deposit per keg by package, in cents. Products carry the same values; the
// table here is what refunds are computed from, since a refund is owed for a
// returned keg regardless of which SKU it went out with.
var depositByPackage = map[domain.Package]int64{
	domain.KegHalf:  5000,
	domain.KegSixth: 3000,
}

// KegService charges keg deposits on drop-off, refunds them on pickup, and
// tracks the keg fleet.
type KegService struct {
	db       store.Querier
	tx       store.TxRunner
	accounts AccountStore
	kegs     KegStore
	ach      ACHGateway
	now      Clock
	newUUID  func() uuid.UUID
	newXID   func() string
	newKey   func() string
}

// NewKegService constructs a KegService.
func NewKegService(db store.Querier, tx store.TxRunner, accounts AccountStore, kegs KegStore, gw ACHGateway, now Clock) *KegService {
	return &KegService{
		db: db, tx: tx, accounts: accounts, kegs: kegs, ach: gw, now: now,
		newUUID: uuid.New,
		newXID:  ids.NewXID,
		newKey:  uuid.NewString,
	}
}

// PickupInput is a driver's pickup of empty kegs at an account.
type PickupInput struct {
	AccountID  string    `json:"account_id"`
	PickupRef  string    `json:"pickup_ref"`
	Package    string    `json:"package"`
	Kegs       int       `json:"kegs"`
	PickedUpAt time.Time `json:"picked_up_at"`
}

// PickupResult reports the return and its refund.
type PickupResult struct {
	Return domain.KegReturn `json:"return"`
	Refund domain.KegRefund `json:"refund"`
}

// RecordPickup books a pickup of empties and refunds the deposit to the
// account by ACH credit.
func (s *KegService) RecordPickup(ctx context.Context, in PickupInput) (PickupResult, error) {
	pkg := domain.Package(in.Package)
	perKeg, ok := depositByPackage[pkg]
	if !ok || in.Kegs <= 0 || in.PickupRef == "" {
		return PickupResult{}, fmt.Errorf("pickup_ref, keg package and count are required: %w", domain.ErrInvalid)
	}
	acct, err := s.accounts.Get(ctx, s.db, in.AccountID)
	if err != nil {
		return PickupResult{}, mapNotFound(err, "account")
	}

	var res PickupResult
	err = s.tx.InTx(ctx, func(tx pgx.Tx) error {
		kr := domain.KegReturn{
			ID: s.newXID(), AccountID: acct.ID, PickupRef: in.PickupRef,
			Package: pkg, KegCount: in.Kegs, PickedUpAt: in.PickedUpAt,
		}
		inserted, err := s.kegs.InsertReturnIfAbsent(ctx, tx, kr)
		if err != nil {
			return err
		}
		if inserted {
			amount := int64(in.Kegs) * perKeg
			if err := s.kegs.AdjustBalance(ctx, tx, acct.ID, pkg, -in.Kegs, -amount); err != nil {
				return err
			}
			if err := s.kegs.AppendLedger(ctx, tx, domain.DepositEntry{
				ID: s.newUUID(), AccountID: acct.ID, Kind: "refund", Package: pkg,
				KegCount: in.Kegs, AmountCents: -amount, ReturnID: kr.ID,
				Memo: "pickup " + in.PickupRef,
			}); err != nil {
				return err
			}
			if err := s.kegs.InsertRefundIfAbsent(ctx, tx, domain.KegRefund{
				ID: s.newUUID(), ReturnID: kr.ID, AccountID: acct.ID, AmountCents: amount,
			}); err != nil {
				return err
			}
		}
		if res.Return, err = s.kegs.GetReturnByPickup(ctx, tx, in.PickupRef, pkg); err != nil {
			return err
		}
		res.Refund, err = s.kegs.GetRefundByReturn(ctx, tx, res.Return.ID)
		return err
	})
	if err != nil {
		return PickupResult{}, err
	}
	if res.Refund.Status != "pending" {
		return res, nil
	}
	if acct.ACHCustomerID == "" {
		// Refund stays pending; accounts without ACH get a credit memo at
		// month end instead.
		return res, nil
	}

	credit, err := s.ach.CreateCredit(ctx, ach.CreditRequest{
		CustomerID:     acct.ACHCustomerID,
		AmountCents:    res.Refund.AmountCents,
		Description:    "KEG DEPOSIT REFUND",
		Reference:      res.Return.PickupRef,
		IdempotencyKey: s.newKey(),
	})
	if err != nil {
		return PickupResult{}, fmt.Errorf("refund deposit for pickup %s: %w", in.PickupRef, err)
	}
	at := s.now()
	if err := s.kegs.MarkRefundSent(ctx, s.db, res.Refund.ID, credit.ID, at); err != nil {
		return PickupResult{}, err
	}
	res.Refund.Status = "sent"
	res.Refund.ProviderCreditID = credit.ID
	return res, nil
}

// AdjustmentInput is a manual correction to an account's deposit balance,
// e.g. a keg written off as lost.
type AdjustmentInput struct {
	Package     string `json:"package"`
	Kegs        int    `json:"kegs"`
	AmountCents int64  `json:"amount_cents"`
	Memo        string `json:"memo"`
}

// Adjust applies a manual adjustment once per caller-supplied key.
func (s *KegService) Adjust(ctx context.Context, accountID, idemKey string, in AdjustmentInput) (bool, error) {
	pkg := domain.Package(in.Package)
	if !pkg.IsKeg() || in.Memo == "" {
		return false, fmt.Errorf("keg package and memo are required: %w", domain.ErrInvalid)
	}
	applied := false
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		if _, err := s.accounts.Get(ctx, tx, accountID); err != nil {
			return mapNotFound(err, "account")
		}
		inserted, err := s.kegs.AppendLedgerOnce(ctx, tx, domain.DepositEntry{
			ID: s.newUUID(), AccountID: accountID, Kind: "adjustment", Package: pkg,
			KegCount: in.Kegs, AmountCents: in.AmountCents, IdempotencyKey: idemKey, Memo: in.Memo,
		})
		if err != nil || !inserted {
			return err
		}
		applied = true
		return s.kegs.AdjustBalance(ctx, tx, accountID, pkg, in.Kegs, in.AmountCents)
	})
	return applied, err
}

// ChargeDropDeposits charges the deposit on full kegs left at an account.
func (s *KegService) ChargeDropDeposits(ctx context.Context, evt KegsDropped) error {
	pkg := domain.Package(evt.Package)
	perKeg, ok := depositByPackage[pkg]
	if !ok || evt.Kegs <= 0 {
		return fmt.Errorf("kegs dropped: bad package %q or count %d: %w", evt.Package, evt.Kegs, domain.ErrInvalid)
	}
	amount := int64(evt.Kegs) * perKeg
	deliveryID := evt.DeliveryID
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		entry := domain.DepositEntry{
			ID:          s.newUUID(),
			AccountID:   evt.AccountID,
			Kind:        "charge",
			Package:     pkg,
			KegCount:    evt.Kegs,
			AmountCents: amount,
			DeliveryID:  &deliveryID,
			Memo:        "drop " + evt.DroppedAt.Format(time.DateOnly),
		}
		if err := s.kegs.AppendLedger(ctx, tx, entry); err != nil {
			return err
		}
		return s.kegs.AdjustBalance(ctx, tx, evt.AccountID, pkg, evt.Kegs, amount)
	})
}

// ReceiveAtDock moves empties counted in at the washer line from in-trade to
// the dirty pile.
func (s *KegService) ReceiveAtDock(ctx context.Context, evt DockReceived) error {
	pkg := domain.Package(evt.Package)
	if !pkg.IsKeg() || evt.Kegs <= 0 {
		return fmt.Errorf("dock scan: bad package %q or count %d: %w", evt.Package, evt.Kegs, domain.ErrInvalid)
	}
	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		return s.kegs.MoveFleet(ctx, tx, pkg, evt.Kegs)
	})
}
