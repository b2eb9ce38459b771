package reseller

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/domain"
	"github.com/example/topup/internal/ids"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/payments"
)

type WalletService struct {
	wallets  Wallets
	payments payments.Gateway
	carrier  carrier.API
	log      *slog.Logger
}

func NewWalletService(w Wallets, gw payments.Gateway, c carrier.API, log *slog.Logger) *WalletService {
	return &WalletService{wallets: w, payments: gw, carrier: c, log: log.With("svc", "wallets")}
}

type FundWalletCommand struct {
	ResellerID    uuid.UUID
	RequestID     string
	AmountCents   int64
	PaymentMethod string
}

type FundWalletResult struct {
	FundingID    uuid.UUID `json:"funding_id"`
	Status       string    `json:"status"`
	BalanceCents int64     `json:"balance_cents"`
}

// Fund charges the reseller's card and credits the wallet.
func (s *WalletService) Fund(ctx context.Context, cmd FundWalletCommand) (*FundWalletResult, error) {
	if cmd.RequestID == "" {
		return nil, fmt.Errorf("%w: request_id is required", domain.ErrValidation)
	}
	if cmd.AmountCents < 1000 {
		return nil, fmt.Errorf("%w: minimum funding is 10.00", domain.ErrValidation)
	}
	w, err := s.wallets.WalletForReseller(ctx, cmd.ResellerID)
	if err != nil {
		return nil, err
	}
	f, err := s.wallets.StartFunding(ctx, w.ID, cmd.RequestID, cmd.AmountCents, cmd.PaymentMethod)
	if err != nil {
		return nil, err
	}
	if f.Status != "pending" {
		return s.fundResult(ctx, cmd.ResellerID, f)
	}

	res, err := s.payments.Charge(ctx, payments.ChargeRequest{
		AmountCents:    f.AmountCents,
		Currency:       w.Currency,
		PaymentMethod:  f.PaymentMethod,
		Description:    "Wallet funding",
		Metadata:       map[string]string{"wallet_funding_id": f.ID.String()},
		IdempotencyKey: "wallet-funding-" + f.ID.String(),
	})
	if err != nil {
		if errors.Is(err, payments.ErrCardDeclined) {
			_ = s.wallets.FailFunding(ctx, f.ID)
		}
		return nil, err
	}
	if _, err := s.wallets.CompleteFunding(ctx, f, res.PaymentIntentID); err != nil {
		return nil, err
	}
	f.Status = "succeeded"
	return s.fundResult(ctx, cmd.ResellerID, f)
}

func (s *WalletService) fundResult(ctx context.Context, resellerID uuid.UUID, f *ledger.Funding) (*FundWalletResult, error) {
	w, err := s.wallets.WalletForReseller(ctx, resellerID)
	if err != nil {
		return nil, err
	}
	return &FundWalletResult{FundingID: f.ID, Status: f.Status, BalanceCents: w.BalanceCents}, nil
}

type TransferCommand struct {
	FromResellerID uuid.UUID
	ToResellerID   uuid.UUID
	AmountCents    int64
	TransferRef    string
}

// Transfer moves credit between two reseller wallets (master dealer to
// sub-dealer).
func (s *WalletService) Transfer(ctx context.Context, cmd TransferCommand) (*ledger.Transfer, error) {
	if cmd.TransferRef == "" || cmd.AmountCents <= 0 {
		return nil, fmt.Errorf("%w: transfer_ref and a positive amount are required", domain.ErrValidation)
	}
	if existing, err := s.wallets.TransferByRef(ctx, cmd.TransferRef); err == nil {
		return existing, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}

	from, err := s.wallets.WalletForReseller(ctx, cmd.FromResellerID)
	if err != nil {
		return nil, err
	}
	to, err := s.wallets.WalletForReseller(ctx, cmd.ToResellerID)
	if err != nil {
		return nil, err
	}
	if from.Currency != to.Currency {
		return nil, fmt.Errorf("%w: wallets use different currencies", domain.ErrValidation)
	}

	if _, err := s.wallets.Post(ctx, from.ID, -cmd.AmountCents, ledger.KindTransferOut,
		"transfer "+cmd.TransferRef+" to "+to.ID.String()); err != nil {
		return nil, err
	}
	t := &ledger.Transfer{
		ID:           uuid.New(),
		TransferRef:  cmd.TransferRef,
		FromWalletID: from.ID,
		ToWalletID:   to.ID,
		AmountCents:  cmd.AmountCents,
	}
	if err := s.wallets.RecordTransferIn(ctx, t); err != nil {
		return nil, fmt.Errorf("credit destination wallet: %w", err)
	}
	return t, nil
}

type IssueVouchersCommand struct {
	ResellerID uuid.UUID
	ValueCents int64
	Quantity   int
}

type VoucherLot struct {
	LotRef     string   `json:"lot_ref"`
	ValueCents int64    `json:"value_cents"`
	PINs       []string `json:"pins"`
}

// IssueVouchers prints a lot of prepaid PINs paid from the wallet.
func (s *WalletService) IssueVouchers(ctx context.Context, cmd IssueVouchersCommand) (*VoucherLot, error) {
	if cmd.Quantity <= 0 || cmd.Quantity > 1000 {
		return nil, fmt.Errorf("%w: quantity must be 1..1000", domain.ErrValidation)
	}
	w, err := s.wallets.WalletForReseller(ctx, cmd.ResellerID)
	if err != nil {
		return nil, err
	}
	lotRef := ids.NewReference("VCH")
	pins := make([]string, 0, cmd.Quantity)
	for i := 0; i < cmd.Quantity; i++ {
		pins = append(pins, ids.VoucherPIN())
	}
	if err := s.wallets.IssueVouchers(ctx, w.ID, lotRef, pins, cmd.ValueCents); err != nil {
		return nil, err
	}
	return &VoucherLot{LotRef: lotRef, ValueCents: cmd.ValueCents, PINs: pins}, nil
}

type DirectTopUpCommand struct {
	ResellerID     uuid.UUID
	IdempotencyKey string
	MSISDN         string
	Operator       string
	AmountCents    int64
}

type DirectTopUpResult struct {
	LedgerEntryID uuid.UUID `json:"ledger_entry_id"`
	CarrierTxnID  string    `json:"carrier_txn_id"`
	Status        string    `json:"status"`
	BalanceCents  int64     `json:"balance_cents"`
}

// DirectTopUp debits the wallet and credits airtime right away.
func (s *WalletService) DirectTopUp(ctx context.Context, cmd DirectTopUpCommand) (*DirectTopUpResult, error) {
	w, err := s.wallets.WalletForReseller(ctx, cmd.ResellerID)
	if err != nil {
		return nil, err
	}
	entry, err := s.wallets.Post(ctx, w.ID, -cmd.AmountCents, ledger.KindTopUp,
		fmt.Sprintf("topup %s %s", cmd.Operator, cmd.MSISDN))
	if err != nil {
		return nil, err
	}

	resp, err := s.carrier.CreditAirtime(ctx, carrier.CreditRequest{
		MSISDN:         cmd.MSISDN,
		Operator:       cmd.Operator,
		AmountCents:    cmd.AmountCents,
		Currency:       w.Currency,
		Reference:      entry.ID.String(),
		IdempotencyKey: ids.Derive("rtopup", cmd.ResellerID.String(), cmd.IdempotencyKey),
	})
	if err != nil {
		if _, rerr := s.wallets.Post(ctx, w.ID, cmd.AmountCents, ledger.KindRefund,
			"reversal of "+entry.ID.String()); rerr != nil {
			s.log.Error("reversal failed", "entry", entry.ID, "err", rerr)
		}
		return nil, err
	}

	after, err := s.wallets.WalletForReseller(ctx, cmd.ResellerID)
	if err != nil {
		return nil, err
	}
	return &DirectTopUpResult{
		LedgerEntryID: entry.ID,
		CarrierTxnID:  resp.TransactionID,
		Status:        resp.Status,
		BalanceCents:  after.BalanceCents,
	}, nil
}

type AdjustmentCommand struct {
	AdjustmentID string    `json:"adjustment_id"`
	ResellerID   uuid.UUID `json:"reseller_id"`
	AmountCents  int64     `json:"amount_cents"`
	Reason       string    `json:"reason"`
	Operator     string    `json:"operator_email"`
}

// Adjust applies a manual correction booked by the support team.
func (s *WalletService) Adjust(ctx context.Context, cmd AdjustmentCommand) error {
	if cmd.AdjustmentID == "" {
		return fmt.Errorf("%w: adjustment_id missing", domain.ErrValidation)
	}
	w, err := s.wallets.WalletForReseller(ctx, cmd.ResellerID)
	if err != nil {
		return err
	}
	applied, err := s.wallets.PostOnce(ctx, w.ID, cmd.AmountCents, ledger.KindAdjustment,
		"adj:"+cmd.AdjustmentID, cmd.Reason+" ("+cmd.Operator+")")
	if err != nil {
		return err
	}
	if !applied {
		s.log.Info("adjustment already applied", "adjustment", cmd.AdjustmentID)
	}
	return nil
}
