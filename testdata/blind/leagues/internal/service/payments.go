package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"github.com/rs/xid"
	"gorm.io/gorm"

	"github.com/fieldday/leagues/internal/platform/httpx"
	"github.com/fieldday/leagues/internal/platform/ids"
	"github.com/fieldday/leagues/internal/platform/retryx"
	"github.com/fieldday/leagues/internal/provider/payments"
	"github.com/fieldday/leagues/internal/store"
)

const webhookProviderPayments = "tillpoint"

// PaymentManager implements PaymentService.
type PaymentManager struct {
	db       *gorm.DB
	regs     store.RegistrationRepo
	seasons  store.SeasonRepo
	intents  store.PaymentIntentRepo
	attempts store.PaymentAttemptRepo
	refunds  store.RefundRepo
	ledger   store.LedgerRepo
	inbox    store.WebhookInbox
	gateway  PaymentGateway
	jobs     Jobs
	newID    ids.Generator
	now      func() time.Time
}

// NewPaymentManager builds the service.
func NewPaymentManager(
	db *gorm.DB,
	regs store.RegistrationRepo,
	seasons store.SeasonRepo,
	intents store.PaymentIntentRepo,
	attempts store.PaymentAttemptRepo,
	refunds store.RefundRepo,
	ledger store.LedgerRepo,
	inbox store.WebhookInbox,
	gateway PaymentGateway,
	jobs Jobs,
) *PaymentManager {
	return &PaymentManager{
		db: db, regs: regs, seasons: seasons, intents: intents, attempts: attempts,
		refunds: refunds, ledger: ledger, inbox: inbox, gateway: gateway, jobs: jobs,
		newID: ids.NewUUID, now: time.Now,
	}
}

// Checkout charges the deposit (or the full balance for seasons without
// installments). The intent ID is derived from the registration, stored
// before the processor is called, and sent as the request reference, so any
// number of repeated checkouts result in one charge.
func (s *PaymentManager) Checkout(ctx context.Context, registrationID string, in CheckoutInput) (*store.PaymentIntent, error) {
	reg, season, err := s.loadPayable(ctx, registrationID)
	if err != nil {
		return nil, err
	}
	intentID := ids.Prefixed("pi", "deposit", reg.ID)
	if _, err := s.intents.CreateIfAbsent(ctx, &store.PaymentIntent{
		ID:               intentID,
		RegistrationID:   reg.ID,
		Purpose:          "deposit",
		AmountCents:      depositAmount(season, reg),
		Currency:         season.Currency,
		Status:           store.IntentCreated,
		RequestReference: intentID,
	}); err != nil {
		return nil, err
	}
	intent, err := s.intents.Get(ctx, intentID)
	if err != nil {
		return nil, err
	}
	if settledOrInFlight(intent.Status) {
		return intent, nil
	}
	return s.charge(ctx, reg, intent, intent.RequestReference, in)
}

// PayInstallment charges installment n of the season's payment plan.
func (s *PaymentManager) PayInstallment(ctx context.Context, registrationID string, n int, in CheckoutInput) (*store.PaymentIntent, error) {
	reg, season, err := s.loadPayable(ctx, registrationID)
	if err != nil {
		return nil, err
	}
	if n < 1 || n > season.Installments {
		return nil, invalid("installment", "no such installment in this season's plan")
	}
	amount := installmentAmount(season, reg, n)
	if amount <= 0 {
		return nil, fmt.Errorf("%w: nothing due for installment %d", ErrInvalidState, n)
	}
	intentID := ids.Prefixed("pi", "installment", reg.ID, strconv.Itoa(n))
	if _, err := s.intents.CreateIfAbsent(ctx, &store.PaymentIntent{
		ID:               intentID,
		RegistrationID:   reg.ID,
		Purpose:          "installment",
		InstallmentNo:    n,
		AmountCents:      amount,
		Currency:         season.Currency,
		Status:           store.IntentCreated,
		RequestReference: intentID,
	}); err != nil {
		return nil, err
	}
	intent, err := s.intents.Get(ctx, intentID)
	if err != nil {
		return nil, err
	}
	if settledOrInFlight(intent.Status) {
		return intent, nil
	}
	// A refused installment is commonly retried with a different card. The
	// processor would answer a repeated reference with the original refusal,
	// so each charge of an installment gets its own reference.
	ref := intent.ID + "-" + xid.New().String()
	if err := s.intents.SetRequestReference(ctx, intent.ID, ref); err != nil {
		return nil, err
	}
	return s.charge(ctx, reg, intent, ref, in)
}

func (s *PaymentManager) loadPayable(ctx context.Context, registrationID string) (*store.Registration, *store.Season, error) {
	reg, err := s.regs.Get(ctx, registrationID)
	if err != nil {
		return nil, nil, notFound(err)
	}
	if !reg.Active() {
		return nil, nil, fmt.Errorf("%w: registration is %s", ErrInvalidState, reg.Status)
	}
	if reg.BalanceCents <= 0 {
		return nil, nil, fmt.Errorf("%w: nothing owed", ErrInvalidState)
	}
	season, err := s.seasons.Get(ctx, reg.SeasonID)
	if err != nil {
		return nil, nil, err
	}
	return reg, season, nil
}

func settledOrInFlight(status string) bool {
	switch status {
	case store.IntentCaptured, store.IntentAuthorised, store.IntentPending:
		return true
	}
	return false
}

// charge calls the processor with the given request reference, logs every
// attempt, and records the outcome on the intent.
func (s *PaymentManager) charge(ctx context.Context, reg *store.Registration, intent *store.PaymentIntent, ref string, in CheckoutInput) (*store.PaymentIntent, error) {
	req := payments.PaymentRequest{
		RequestReference: ref,
		Reference:        intent.ID,
		Amount:           payments.Amount{Currency: intent.Currency, Value: intent.AmountCents},
		PaymentMethod: payments.PaymentMethod{
			Type:                  in.MethodType,
			EncryptedToken:        in.EncryptedToken,
			StoredPaymentMethodID: in.StoredMethodID,
		},
		ShopperReference: reg.HouseholdID,
		Metadata:         map[string]string{"registration_id": reg.ID, "purpose": intent.Purpose},
	}
	attempt := 0
	resp, err := retryx.Do(ctx, "payments.create", func(ctx context.Context) (*payments.PaymentResponse, error) {
		attempt++
		resp, err := s.gateway.CreatePayment(ctx, req)
		s.logAttempt(ctx, intent.ID, attempt, ref, resp, err)
		return resp, err
	})
	if err != nil {
		if httpx.IsRetryable(err) {
			// Unknown outcome: leave the intent as created; reconciliation
			// looks it up by request reference.
			_ = s.jobs.EnqueueReconcile(ctx, intent.ID, 5*time.Minute)
			return nil, fmt.Errorf("payment processor unavailable: %w", err)
		}
		_ = s.intents.RecordResult(ctx, intent.ID, store.IntentError, nil, err.Error())
		return nil, err
	}

	status := intentStatus(resp.ResultCode)
	psp := resp.PSPReference
	if err := s.intents.RecordResult(ctx, intent.ID, status, &psp, resp.RefusalReason); err != nil {
		return nil, err
	}
	switch status {
	case store.IntentRefused, store.IntentError:
		return nil, fmt.Errorf("%w: %s", ErrPaymentDeclined, resp.RefusalReason)
	case store.IntentPending:
		if err := s.jobs.EnqueueReconcile(ctx, intent.ID, 10*time.Minute); err != nil {
			slog.WarnContext(ctx, "checkout: enqueue reconcile", "intent_id", intent.ID, "err", err)
		}
	}
	return s.intents.Get(ctx, intent.ID)
}

// logAttempt appends to the attempt log; failures are logged, not returned,
// so the log never changes the outcome of a charge.
func (s *PaymentManager) logAttempt(ctx context.Context, intentID string, n int, ref string, resp *payments.PaymentResponse, callErr error) {
	a := &store.PaymentAttempt{
		ID:               ids.NewXID(),
		IntentID:         intentID,
		Attempt:          n,
		RequestReference: ref,
	}
	if resp != nil {
		a.ResultCode = resp.ResultCode
	}
	if callErr != nil {
		a.Error = callErr.Error()
	}
	if err := s.attempts.Append(ctx, a); err != nil {
		slog.WarnContext(ctx, "payments: append attempt log", "intent_id", intentID, "err", err)
	}
}

func intentStatus(resultCode string) string {
	switch resultCode {
	case payments.ResultAuthorised:
		return store.IntentAuthorised
	case payments.ResultReceived, payments.ResultPending:
		return store.IntentPending
	case payments.ResultRefused, payments.ResultCancelled:
		return store.IntentRefused
	default:
		return store.IntentError
	}
}

// Reconcile asks the processor for the current state of an intent whose
// outcome we do not know. It only writes absolute status values.
func (s *PaymentManager) Reconcile(ctx context.Context, intentID string) error {
	intent, err := s.intents.Get(ctx, intentID)
	if err != nil {
		return notFound(err)
	}
	if intent.Status == store.IntentCaptured || intent.Status == store.IntentRefused {
		return nil
	}
	st, err := retryx.DoWith(ctx, retryx.Background, "payments.lookup", func(ctx context.Context) (*payments.PaymentStatus, error) {
		return s.gateway.LookupByRequestReference(ctx, intent.RequestReference)
	})
	if err != nil {
		if httpx.StatusCode(err) == 404 {
			// The processor never saw the request; the family can check out again.
			return s.intents.RecordResult(ctx, intent.ID, store.IntentError, nil, "not found at processor")
		}
		return err
	}
	status := intentStatus(st.Status)
	psp := st.PSPReference
	if err := s.intents.RecordResult(ctx, intent.ID, status, &psp, ""); err != nil {
		return err
	}
	if status == store.IntentPending {
		return ErrStillPending
	}
	return nil
}

// HandleNotification applies a batch of processor notifications. The
// processor resends the whole batch until we acknowledge it, so items that
// were already applied are skipped.
func (s *PaymentManager) HandleNotification(ctx context.Context, n *payments.Notification) error {
	for _, wrapped := range n.NotificationItems {
		item := wrapped.Item
		key := item.EventKey()
		seen, err := s.inbox.Seen(ctx, webhookProviderPayments, key)
		if err != nil {
			return err
		}
		if seen {
			continue
		}
		if err := s.applyEvent(ctx, item); err != nil {
			return fmt.Errorf("apply %s: %w", key, err)
		}
		if err := s.inbox.MarkSeen(ctx, webhookProviderPayments, key); err != nil {
			return err
		}
	}
	return nil
}

func (s *PaymentManager) applyEvent(ctx context.Context, item payments.NotificationRequestItem) error {
	switch item.EventCode {
	case payments.EventCapture, payments.EventAuthorisation:
		if !item.Succeeded() {
			return s.intents.RecordResult(ctx, item.MerchantReference, store.IntentRefused, &item.PSPReference, item.Reason)
		}
		return s.applyCapture(ctx, item)
	case payments.EventRefund:
		return s.applyRefund(ctx, item)
	case payments.EventRefundFailed:
		refund, err := s.refunds.GetByPSPReference(ctx, item.PSPReference)
		if err != nil {
			return notFound(err)
		}
		return s.refunds.MarkSettled(ctx, refund.ID, "failed")
	default:
		slog.InfoContext(ctx, "payments webhook: ignoring event", "event_code", item.EventCode, "psp", item.PSPReference)
		return nil
	}
}

// applyCapture credits a captured payment to the registration.
func (s *PaymentManager) applyCapture(ctx context.Context, item payments.NotificationRequestItem) error {
	var reg *store.Registration
	var intent *store.PaymentIntent
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		intent, err = s.intents.WithTx(tx).GetForUpdate(ctx, item.MerchantReference)
		if err != nil {
			return notFound(err)
		}
		psp := item.PSPReference
		if err := tx.Model(&store.PaymentIntent{}).Where("id = ?", intent.ID).
			Updates(map[string]any{"status": store.IntentCaptured, "psp_reference": psp, "updated_at": gorm.Expr("now()")}).Error; err != nil {
			return err
		}
		regs := s.regs.WithTx(tx)
		reg, err = regs.GetForUpdate(ctx, intent.RegistrationID)
		if err != nil {
			return err
		}
		if err := regs.ApplyPayment(ctx, reg.ID, item.Amount.Value); err != nil {
			return err
		}
		if err := s.ledger.WithTx(tx).Append(ctx, &store.LedgerEntry{
			ID:             s.newID(),
			HouseholdID:    reg.HouseholdID,
			RegistrationID: reg.ID,
			EntryType:      "payment",
			AmountCents:    item.Amount.Value,
			PSPReference:   &psp,
			Description:    "Card payment (" + intent.Purpose + ")",
		}); err != nil {
			return err
		}
		if reg.Status == store.RegPendingPayment {
			_, err = regs.TransitionStatus(ctx, reg.ID, []string{store.RegPendingPayment}, store.RegConfirmed)
		}
		return err
	})
	if err != nil {
		return err
	}
	if err := s.jobs.EnqueueReceipt(ctx, reg.ID, intent.ID); err != nil {
		slog.WarnContext(ctx, "payments webhook: enqueue receipt", "registration_id", reg.ID, "err", err)
	}
	return nil
}

// applyRefund records a settled refund against the registration.
func (s *PaymentManager) applyRefund(ctx context.Context, item payments.NotificationRequestItem) error {
	if !item.Succeeded() {
		return nil
	}
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		refund, err := s.refunds.WithTx(tx).GetByPSPReference(ctx, item.PSPReference)
		if errors.Is(err, store.ErrNotFound) {
			// Refunds issued from the processor's back office have no row.
			slog.WarnContext(ctx, "payments webhook: refund without local record", "psp", item.PSPReference)
			return nil
		}
		if err != nil {
			return err
		}
		if err := s.refunds.WithTx(tx).MarkSettled(ctx, refund.ID, "refunded"); err != nil {
			return err
		}
		reg, err := s.regs.WithTx(tx).Get(ctx, refund.RegistrationID)
		if err != nil {
			return err
		}
		psp := item.PSPReference
		if err := s.ledger.WithTx(tx).Append(ctx, &store.LedgerEntry{
			ID:             s.newID(),
			HouseholdID:    reg.HouseholdID,
			RegistrationID: reg.ID,
			EntryType:      "refund",
			AmountCents:    -item.Amount.Value,
			PSPReference:   &psp,
			Description:    "Refund",
		}); err != nil {
			return err
		}
		return s.regs.WithTx(tx).ApplyPayment(ctx, reg.ID, -item.Amount.Value)
	})
}
