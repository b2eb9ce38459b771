package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/rs/xid"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/events"
	"github.com/brightlane/adbilling/internal/idempotency"
	"github.com/brightlane/adbilling/internal/ids"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/providers/gateway"
	"github.com/brightlane/adbilling/internal/repository"
)

const (
	minTopUp = domain.Micros(10 * 1_000_000)
	maxTopUp = domain.Micros(250_000 * 1_000_000)
)

// CollectionAccount is where advertisers send bank transfers.
type CollectionAccount struct {
	IBAN        string
	BIC         string
	Beneficiary string
}

type TopUpService struct {
	tx          db.TxManager
	advertisers repository.Advertisers
	topups      repository.TopUps
	ledger      repository.Ledger
	events      repository.GatewayEvents
	idem        idempotency.Store
	outbox      outbox.Writer
	gateway     gateway.Client
	collection  CollectionAccount
	log         *slog.Logger
	now         func() time.Time
}

func NewTopUpService(
	tx db.TxManager,
	advertisers repository.Advertisers,
	topups repository.TopUps,
	ledger repository.Ledger,
	gwEvents repository.GatewayEvents,
	idem idempotency.Store,
	ob outbox.Writer,
	gw gateway.Client,
	collection CollectionAccount,
	log *slog.Logger,
) *TopUpService {
	return &TopUpService{
		tx: tx, advertisers: advertisers, topups: topups, ledger: ledger, events: gwEvents,
		idem: idem, outbox: ob, gateway: gw, collection: collection,
		log: log.With("service", "topups"), now: time.Now,
	}
}

type CardTopUpInput struct {
	AdvertiserID    string
	PaymentMethodID string
	Amount          domain.Micros
	IdempotencyKey  string
}

func validateAmount(a domain.Micros) error {
	if a < minTopUp || a > maxTopUp {
		return domain.Invalid("amount", fmt.Sprintf("must be between %s and %s", minTopUp, maxTopUp))
	}
	return nil
}

// TopUpByCard charges the advertiser's card and credits the balance.
func (s *TopUpService) TopUpByCard(ctx context.Context, in CardTopUpInput) (domain.TopUp, error) {
	if err := validateAmount(in.Amount); err != nil {
		return domain.TopUp{}, err
	}
	if err := idempotency.ValidateKey(in.IdempotencyKey); err != nil {
		return domain.TopUp{}, err
	}

	var tu domain.TopUp
	var adv domain.Advertiser
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		var err error
		if adv, err = s.advertisers.Get(ctx, in.AdvertiserID); err != nil {
			return err
		}
		if adv.Status != domain.AdvertiserActive {
			return domain.ErrAdvertiserClose
		}
		candidate := ids.New("tu")
		existing, claimed, err := s.idem.Claim(ctx, "topup.card:"+adv.ID, in.IdempotencyKey, candidate)
		if err != nil {
			return err
		}
		if !claimed {
			tu, err = s.topups.Get(ctx, existing)
			return err
		}
		pm := in.PaymentMethodID
		if pm == "" {
			pm = adv.DefaultPaymentMethod
		}
		if pm == "" {
			return domain.Invalid("payment_method_id", "no payment method on file")
		}
		tu = domain.TopUp{
			ID:              candidate,
			AdvertiserID:    adv.ID,
			Method:          domain.TopUpCard,
			Amount:          in.Amount,
			Currency:        adv.Currency,
			Status:          domain.TopUpPending,
			PaymentMethodID: pm,
		}
		return s.topups.Insert(ctx, tu)
	})
	if err != nil {
		return domain.TopUp{}, err
	}
	if tu.Status != domain.TopUpPending {
		return tu, nil
	}
	return s.chargeTopUp(ctx, tu, adv, false)
}

// chargeTopUp charges a pending top-up, keyed on its ID so that a repeat
// for the same top-up returns the original charge.
func (s *TopUpService) chargeTopUp(ctx context.Context, tu domain.TopUp, adv domain.Advertiser, offSession bool) (domain.TopUp, error) {
	charge, err := s.gateway.Charge(ctx, gateway.ChargeRequest{
		CustomerRef:     adv.ExternalAccountID,
		PaymentMethodID: tu.PaymentMethodID,
		AmountCents:     tu.Amount.Cents(),
		Currency:        tu.Currency,
		Description:     "Brightlane Ads prepaid balance",
		OffSession:      offSession,
		Metadata:        map[string]string{"topup_id": tu.ID, "advertiser_id": adv.ID},
	}, gateway.WithIdempotencyKey(tu.ID))
	if err != nil {
		if gateway.IsDeclined(err) {
			if _, ferr := s.topups.MarkFailed(ctx, tu.ID, err.Error()); ferr != nil {
				return tu, ferr
			}
			return s.topups.Get(ctx, tu.ID)
		}
		return tu, fmt.Errorf("charge top-up %s: %w", tu.ID, err)
	}
	return s.applyCharge(ctx, tu.ID, charge)
}

func (s *TopUpService) applyCharge(ctx context.Context, topupID string, ch gateway.Charge) (domain.TopUp, error) {
	switch ch.Status {
	case gateway.ChargeSucceeded:
		if err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			return s.creditTopUp(ctx, topupID, ch.ID)
		}); err != nil {
			return domain.TopUp{}, err
		}
	case gateway.ChargeFailed:
		if _, err := s.topups.MarkFailed(ctx, topupID, ch.FailureCode+": "+ch.FailureReason); err != nil {
			return domain.TopUp{}, err
		}
	case gateway.ChargePending:
		s.log.Info("charge pending, awaiting webhook", "topup_id", topupID, "charge_id", ch.ID)
	}
	return s.topups.Get(ctx, topupID)
}

// creditTopUp moves a pending top-up to succeeded and credits the balance.
// It must run inside a transaction; the status transition guards the credit.
func (s *TopUpService) creditTopUp(ctx context.Context, topupID, chargeID string) error {
	moved, err := s.topups.MarkSucceeded(ctx, topupID, chargeID)
	if err != nil || !moved {
		return err
	}
	tu, err := s.topups.Get(ctx, topupID)
	if err != nil {
		return err
	}
	if _, err := s.advertisers.AdjustBalance(ctx, tu.AdvertiserID, tu.Amount); err != nil {
		return err
	}
	if err := s.ledger.Append(ctx, domain.LedgerEntry{
		ID: ids.New("led"), AdvertiserID: tu.AdvertiserID, Type: "topup", Amount: tu.Amount, Reference: tu.ID,
	}); err != nil {
		return err
	}
	return s.outbox.Add(ctx, ids.Derive("evt", tu.ID, "succeeded"), events.TopicTopUpSucceeded, events.TopUpSucceeded{
		TopUpID: tu.ID, AdvertiserID: tu.AdvertiserID, Method: string(tu.Method),
		AmountMicros: int64(tu.Amount), Currency: tu.Currency, SucceededAt: s.now().UTC(),
	})
}

// BankTransferInstructions tell the advertiser how to pay.
type BankTransferInstructions struct {
	TopUpID     string        `json:"topup_id"`
	Reference   string        `json:"reference"`
	IBAN        string        `json:"iban"`
	BIC         string        `json:"bic"`
	Beneficiary string        `json:"beneficiary"`
	Amount      domain.Micros `json:"amount_micros"`
	Currency    string        `json:"currency"`
}

// CreateBankTransfer opens a pending bank-transfer top-up and returns the
// payment reference the advertiser must quote.
func (s *TopUpService) CreateBankTransfer(ctx context.Context, advertiserID string, amount domain.Micros) (BankTransferInstructions, error) {
	if err := validateAmount(amount); err != nil {
		return BankTransferInstructions{}, err
	}
	adv, err := s.advertisers.Get(ctx, advertiserID)
	if err != nil {
		return BankTransferInstructions{}, err
	}
	if adv.Status != domain.AdvertiserActive {
		return BankTransferInstructions{}, domain.ErrAdvertiserClose
	}
	tu := domain.TopUp{
		ID:            ids.New("tu"),
		AdvertiserID:  adv.ID,
		Method:        domain.TopUpBankTransfer,
		Amount:        amount,
		Currency:      adv.Currency,
		Status:        domain.TopUpPending,
		BankReference: "BL" + strings.ToUpper(xid.New().String()[12:]),
	}
	if err := s.topups.Insert(ctx, tu); err != nil {
		return BankTransferInstructions{}, err
	}
	s.log.Info("bank transfer top-up opened", "topup_id", tu.ID, "reference", tu.BankReference)
	return BankTransferInstructions{
		TopUpID: tu.ID, Reference: tu.BankReference,
		IBAN: s.collection.IBAN, BIC: s.collection.BIC, Beneficiary: s.collection.Beneficiary,
		Amount: amount, Currency: adv.Currency,
	}, nil
}

// HandleGatewayEvent applies an asynchronous gateway notification.
func (s *TopUpService) HandleGatewayEvent(ctx context.Context, evt gateway.Event) error {
	seen, err := s.events.Seen(ctx, evt.ID)
	if err != nil {
		return err
	}
	if seen {
		s.log.Debug("gateway event already handled", "event_id", evt.ID)
		return nil
	}

	switch evt.Type {
	case gateway.EventChargeSucceeded, gateway.EventChargeFailed:
		err = s.applyChargeEvent(ctx, evt)
	case gateway.EventBankTransferReceived:
		err = s.applyBankTransfer(ctx, evt)
	default:
		s.log.Debug("ignoring gateway event", "type", evt.Type)
	}
	if err != nil {
		return err
	}
	return s.events.Record(ctx, evt.ID, evt.Type)
}

func (s *TopUpService) applyChargeEvent(ctx context.Context, evt gateway.Event) error {
	var data gateway.ChargeEventData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return domain.Invalid("data", err.Error())
	}
	topupID := data.Metadata["topup_id"]
	if topupID == "" {
		s.log.Warn("charge event without topup_id", "charge_id", data.ChargeID)
		return nil
	}
	if evt.Type == gateway.EventChargeFailed {
		_, err := s.topups.MarkFailed(ctx, topupID, data.FailureCode)
		return err
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.creditTopUp(ctx, topupID, data.ChargeID)
	})
}

func (s *TopUpService) applyBankTransfer(ctx context.Context, evt gateway.Event) error {
	var data gateway.BankTransferData
	if err := json.Unmarshal(evt.Data, &data); err != nil {
		return domain.Invalid("data", err.Error())
	}
	amount := domain.FromCents(data.AmountCents)
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		tu, err := s.topups.GetByBankReference(ctx, strings.ToUpper(strings.TrimSpace(data.Reference)))
		if errors.Is(err, domain.ErrNotFound) {
			s.log.Warn("unmatched bank transfer", "transfer_id", data.TransferID, "reference", data.Reference)
			return nil
		}
		if err != nil {
			return err
		}
		wasComplete := tu.Status == domain.TopUpSucceeded
		if tu, err = s.topups.AddReceived(ctx, tu.ID, amount); err != nil {
			return err
		}
		if _, err := s.advertisers.AdjustBalance(ctx, tu.AdvertiserID, amount); err != nil {
			return err
		}
		if err := s.ledger.Append(ctx, domain.LedgerEntry{
			ID: ids.New("led"), AdvertiserID: tu.AdvertiserID, Type: "bank_transfer",
			Amount: amount, Reference: data.TransferID,
		}); err != nil {
			return err
		}
		if wasComplete || tu.Status != domain.TopUpSucceeded {
			return nil
		}
		return s.outbox.Add(ctx, ids.Derive("evt", tu.ID, "succeeded"), events.TopicTopUpSucceeded, events.TopUpSucceeded{
			TopUpID: tu.ID, AdvertiserID: tu.AdvertiserID, Method: string(tu.Method),
			AmountMicros: int64(tu.Received), Currency: tu.Currency, SucceededAt: s.now().UTC(),
		})
	})
}

// AutoRecharge tops up advertisers whose balance fell below their threshold
// after a daily charge. deliveryID identifies the triggering message.
func (s *TopUpService) AutoRecharge(ctx context.Context, deliveryID string, evt events.DailySpendCharged) error {
	adv, err := s.advertisers.Get(ctx, evt.AdvertiserID)
	if err != nil {
		return err
	}
	if !adv.AutoRechargeEnabled || adv.Status != domain.AdvertiserActive || adv.DefaultPaymentMethod == "" {
		return nil
	}
	if adv.Balance >= adv.AutoRechargeThreshold {
		return nil
	}

	intent := domain.TopUp{
		ID:              ids.Derive("tu", "auto", deliveryID),
		AdvertiserID:    adv.ID,
		Method:          domain.TopUpAutoRecharge,
		Amount:          adv.AutoRechargeAmount,
		Currency:        adv.Currency,
		Status:          domain.TopUpPending,
		PaymentMethodID: adv.DefaultPaymentMethod,
	}
	if _, err := s.topups.InsertIfAbsent(ctx, intent); err != nil {
		return err
	}
	tu, err := s.topups.Get(ctx, intent.ID)
	if err != nil {
		return err
	}
	if tu.Status != domain.TopUpPending {
		return nil
	}
	out, err := s.chargeTopUp(ctx, tu, adv, true)
	if err != nil {
		return err
	}
	s.log.Info("auto recharge", "advertiser_id", adv.ID, "topup_id", out.ID, "status", out.Status)
	return nil
}

// RefundRemainingBalance returns a closed advertiser's unused prepaid
// balance to the card used for the most recent top-up.
func (s *TopUpService) RefundRemainingBalance(ctx context.Context, evt events.AdvertiserClosed) error {
	adv, err := s.advertisers.Get(ctx, evt.AdvertiserID)
	if err != nil {
		return err
	}
	if adv.Balance <= 0 {
		return nil
	}
	last, err := s.topups.LatestCardCharge(ctx, adv.ID)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.Warn("closed advertiser has balance but no card charge; manual refund required",
			"advertiser_id", adv.ID, "balance", adv.Balance.String())
		return nil
	}
	if err != nil {
		return err
	}
	amount := min(adv.Balance, last.Amount)

	refund, err := s.gateway.Refund(ctx, gateway.RefundRequest{
		ChargeID:    last.GatewayChargeID,
		AmountCents: amount.Cents(),
		Reason:      "account_closed",
		Metadata:    map[string]string{"advertiser_id": adv.ID},
	})
	if err != nil {
		return fmt.Errorf("refund closed advertiser %s: %w", adv.ID, err)
	}
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if _, err := s.advertisers.AdjustBalance(ctx, adv.ID, -amount); err != nil {
			return err
		}
		return s.ledger.Append(ctx, domain.LedgerEntry{
			ID: ids.New("led"), AdvertiserID: adv.ID, Type: "refund", Amount: -amount, Reference: refund.ID,
		})
	})
}
