package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/payouts"
	"github.com/polyglotdesk/marketplace/internal/providers/sms"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// AccountInput is a translator's bank account.
type AccountInput struct {
	HolderName string `json:"holder_name"`
	IBAN       string `json:"iban"`
	Country    string `json:"country"`
	Currency   string `json:"currency"`
}

// PayoutService pays translators.
type PayoutService interface {
	RegisterAccount(ctx context.Context, translatorID uuid.UUID, in AccountInput) (*domain.PayoutAccount, error)
	Withdraw(ctx context.Context, translatorID uuid.UUID, amount int64) (*domain.Payout, error)
	Dispatch(ctx context.Context, payoutID string) error
	RunWeekly(ctx context.Context, now time.Time) (int, error)
}

// PayoutEvents applies Remitbridge webhook events.
type PayoutEvents interface {
	TransferPaid(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error
	TransferFailed(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error
	TransferReturned(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error
}

type payoutService struct {
	db        *gorm.DB
	payouts   *store.Payouts
	balances  *store.Balances
	accounts  *store.Accounts
	events    *store.Events
	provider  payouts.Client
	texts     sms.Sender
	q         tasks.Enqueuer
	minPayout int64
}

// PayoutModule is the payout service together with its webhook side.
type PayoutModule interface {
	PayoutService
	PayoutEvents
}

// NewPayoutService builds the payout service.
func NewPayoutService(db *gorm.DB, p *store.Payouts, balances *store.Balances, accounts *store.Accounts,
	events *store.Events, provider payouts.Client, texts sms.Sender, q tasks.Enqueuer) PayoutModule {
	return &payoutService{
		db: db, payouts: p, balances: balances, accounts: accounts, events: events,
		provider: provider, texts: texts, q: q, minPayout: 2000,
	}
}

func ibanHash(iban string) string {
	norm := strings.ToUpper(strings.ReplaceAll(iban, " ", ""))
	sum := sha256.Sum256([]byte(norm))
	return hex.EncodeToString(sum[:])
}

func (s *payoutService) RegisterAccount(ctx context.Context, translatorID uuid.UUID, in AccountInput) (*domain.PayoutAccount, error) {
	iban := strings.ToUpper(strings.ReplaceAll(in.IBAN, " ", ""))
	if len(iban) < 15 || in.HolderName == "" || len(in.Country) != 2 {
		return nil, fmt.Errorf("bank account: %w", platform.ErrInvalid)
	}
	if in.Currency == "" {
		in.Currency = "EUR"
	}
	hash := ibanHash(iban)

	existing, err := s.payouts.AccountFor(ctx, translatorID)
	if err != nil && !errors.Is(err, platform.ErrNotFound) {
		return nil, err
	}
	if existing != nil && existing.IBANHash == hash && existing.ProviderRecipientID != "" {
		return existing, nil
	}

	now := time.Now().UTC()
	acct := domain.PayoutAccount{
		ID:           platform.NewUUID(),
		TranslatorID: translatorID,
		HolderName:   in.HolderName,
		IBANLast4:    iban[len(iban)-4:],
		IBANHash:     hash,
		Country:      strings.ToUpper(in.Country),
		Currency:     in.Currency,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	if err := s.payouts.Accounts.Upsert(ctx, &acct, []string{"translator_id"},
		[]string{"holder_name", "iban_last4", "iban_hash", "country", "currency", "updated_at"}); err != nil {
		return nil, err
	}
	stored, err := s.payouts.AccountFor(ctx, translatorID)
	if err != nil {
		return nil, err
	}

	rcp, err := s.provider.CreateRecipient(ctx, payouts.RecipientRequest{
		IdempotencyKey: stored.ID.String() + ":" + hash[:16],
		Reference:      translatorID.String(),
		HolderName:     in.HolderName,
		IBAN:           iban,
		Country:        stored.Country,
		Currency:       stored.Currency,
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.payouts.Accounts.Update(ctx, map[string]any{
		"provider_recipient_id": rcp.ID, "updated_at": time.Now().UTC(),
	}, "id = ? AND iban_hash = ?", stored.ID, hash); err != nil {
		return nil, err
	}
	stored.ProviderRecipientID = rcp.ID
	return stored, nil
}

func (s *payoutService) Withdraw(ctx context.Context, translatorID uuid.UUID, amount int64) (*domain.Payout, error) {
	if amount < s.minPayout {
		return nil, fmt.Errorf("minimum withdrawal is %d: %w", s.minPayout, platform.ErrInvalid)
	}
	acct, err := s.payouts.AccountFor(ctx, translatorID)
	if err != nil {
		return nil, fmt.Errorf("no payout account: %w", platform.ErrConflict)
	}
	now := time.Now().UTC()
	p := domain.Payout{
		ID:           "po_" + platform.NewID(),
		TranslatorID: translatorID,
		AmountCents:  amount,
		Currency:     acct.Currency,
		Status:       domain.PayoutQueued,
		CreatedAt:    now,
		UpdatedAt:    now,
	}
	err = platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if err := s.balances.Reserve(ctx, translatorID, amount); err != nil {
			return err
		}
		return s.payouts.Create(ctx, &p)
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.q.Enqueue(ctx, tasks.TypePayoutDispatch, tasks.PayoutDispatch{PayoutID: p.ID},
		tasks.Keyed("payout", p.ID)); err != nil {
		return nil, err
	}
	return &p, nil
}

func (s *payoutService) Dispatch(ctx context.Context, payoutID string) error {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return err
	}
	if p.Status != domain.PayoutQueued {
		return nil
	}
	acct, err := s.payouts.AccountFor(ctx, p.TranslatorID)
	if err != nil {
		return err
	}
	if acct.ProviderRecipientID == "" {
		return fmt.Errorf("payout %s: recipient not registered", p.ID)
	}
	tr, err := s.provider.CreateTransfer(ctx, payouts.TransferRequest{
		IdempotencyKey: p.ID,
		Recipient:      acct.ProviderRecipientID,
		Amount:         p.AmountCents,
		Currency:       p.Currency,
		Reference:      p.ID,
		Metadata:       map[string]string{"translator_id": p.TranslatorID.String()},
	})
	if err != nil {
		return err
	}
	_, err = s.payouts.Update(ctx, map[string]any{
		"status": domain.PayoutSent, "provider_transfer_id": tr.ID, "updated_at": time.Now().UTC(),
	}, "id = ? AND status = ?", p.ID, domain.PayoutQueued)
	return err
}

// isoWeek names the payout period containing t, e.g. "2024-W23".
func isoWeek(t time.Time) string {
	y, w := t.ISOWeek()
	return fmt.Sprintf("%d-W%02d", y, w)
}

func (s *payoutService) RunWeekly(ctx context.Context, now time.Time) (int, error) {
	period := isoWeek(now)
	due, err := s.balances.AboveThreshold(ctx, s.minPayout)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, bal := range due {
		if _, err := s.payouts.AccountFor(ctx, bal.TranslatorID); err != nil {
			continue
		}
		batchKey := "weekly:" + period + ":" + bal.TranslatorID.String()
		var payout domain.Payout
		err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			p := domain.Payout{
				ID:           "po_" + platform.NewID(),
				TranslatorID: bal.TranslatorID,
				BatchKey:     &batchKey,
				AmountCents:  bal.AvailableCents,
				Currency:     bal.Currency,
				Status:       domain.PayoutQueued,
				CreatedAt:    now,
				UpdatedAt:    now,
			}
			res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "batch_key"}}, DoNothing: true}).Create(&p)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return tx.First(&payout, "batch_key = ?", batchKey).Error
			}
			if err := s.balances.Reserve(platform.WithTx(ctx, tx), bal.TranslatorID, p.AmountCents); err != nil {
				return err
			}
			payout = p
			return nil
		})
		if errors.Is(err, platform.ErrConflict) {
			continue
		}
		if err != nil {
			return queued, err
		}
		if payout.Status != domain.PayoutQueued {
			continue
		}
		if _, err := s.q.Enqueue(ctx, tasks.TypePayoutDispatch, tasks.PayoutDispatch{PayoutID: payout.ID},
			tasks.Keyed("payout", payout.ID)); err != nil {
			return queued, err
		}
		queued++
	}
	return queued, nil
}

func (s *payoutService) TransferPaid(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error {
	return platform.InTx(ctx, s.db, func(ctx context.Context) error {
		fresh, err := s.events.Record(ctx, "remitbridge", ev.ID, ev.Type)
		if err != nil || !fresh {
			return err
		}
		p, err := s.payouts.ByReference(ctx, data.Reference)
		if err != nil {
			return err
		}
		n, err := s.payouts.Update(ctx, map[string]any{
			"status": domain.PayoutPaid, "provider_transfer_id": data.TransferID, "updated_at": time.Now().UTC(),
		}, "id = ? AND status IN ?", p.ID, []string{domain.PayoutQueued, domain.PayoutSent})
		if err != nil || n == 0 {
			return err
		}
		return s.balances.Settle(ctx, p.TranslatorID, p.AmountCents)
	})
}

func (s *payoutService) TransferFailed(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error {
	p, err := s.payouts.ByReference(ctx, data.Reference)
	if err != nil {
		return err
	}
	failure := domain.PayoutFailure{
		TransferID: data.TransferID,
		PayoutID:   p.ID,
		Code:       data.FailureCode,
		Reason:     data.FailureReason,
		FailedAt:   ev.CreatedAt,
	}
	return platform.InTx(ctx, s.db, func(ctx context.Context) error {
		if err := s.payouts.Failures.Create(ctx, &failure); err != nil {
			return err
		}
		n, err := s.payouts.Update(ctx, map[string]any{
			"status": domain.PayoutFailed, "failure_reason": data.FailureReason, "updated_at": time.Now().UTC(),
		}, "id = ? AND status IN ?", p.ID, []string{domain.PayoutQueued, domain.PayoutSent})
		if err != nil || n == 0 {
			return err
		}
		return s.balances.Release(ctx, p.TranslatorID, p.AmountCents)
	})
}

func (s *payoutService) TransferReturned(ctx context.Context, ev payouts.Event, data payouts.TransferEventData) error {
	p, err := s.payouts.ByReference(ctx, data.Reference)
	if err != nil {
		return err
	}
	tr, err := s.accounts.Translator(ctx, p.TranslatorID)
	if err != nil {
		return err
	}
	if tr.Phone != "" {
		msg := fmt.Sprintf("PolyglotDesk: your payout of %s %.2f was returned by your bank. Please check your account details.",
			p.Currency, float64(p.AmountCents)/100)
		if _, err := s.texts.Send(ctx, tr.Phone, msg); err != nil {
			return err
		}
	}
	return platform.InTx(ctx, s.db, func(ctx context.Context) error {
		fresh, err := s.events.Record(ctx, "remitbridge", ev.ID, ev.Type)
		if err != nil || !fresh {
			return err
		}
		n, err := s.payouts.Update(ctx, map[string]any{
			"status": domain.PayoutReturned, "failure_reason": data.FailureReason, "updated_at": time.Now().UTC(),
		}, "id = ? AND status = ?", p.ID, domain.PayoutPaid)
		if err != nil || n == 0 {
			return err
		}
		if err := s.balances.Credit(ctx, p.TranslatorID, p.AmountCents, p.Currency); err != nil {
			return err
		}
		_, err = s.payouts.Accounts.Update(ctx, map[string]any{"provider_recipient_id": ""},
			"translator_id = ?", p.TranslatorID)
		return err
	})
}

// DecodeTransfer decodes the data of a transfer.* event.
func DecodeTransfer(ev payouts.Event) (payouts.TransferEventData, error) {
	var d payouts.TransferEventData
	err := json.Unmarshal(ev.Data, &d)
	return d, err
}
