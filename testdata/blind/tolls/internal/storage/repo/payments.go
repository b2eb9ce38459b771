package repo

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/domain"
)

// TopUpRepository persists top-ups.
type TopUpRepository interface {
	Create(ctx context.Context, t *domain.TopUp) error
	Get(ctx context.Context, id string) (*domain.TopUp, error)
	// Complete moves a pending top-up to succeeded and reports whether this
	// call made the transition.
	Complete(ctx context.Context, id, pspReference string) (bool, error)
	Fail(ctx context.Context, id, reason string) error
}

type topUpRepo struct{ table[domain.TopUp] }

// NewTopUps returns the gorm TopUpRepository.
func NewTopUps(db *gorm.DB) TopUpRepository {
	return &topUpRepo{table[domain.TopUp]{db: db}}
}

func (r *topUpRepo) Create(ctx context.Context, t *domain.TopUp) error { return r.create(ctx, t) }

func (r *topUpRepo) Get(ctx context.Context, id string) (*domain.TopUp, error) {
	return r.get(ctx, "id = ?", id)
}

func (r *topUpRepo) Complete(ctx context.Context, id, psp string) (bool, error) {
	res := r.conn(ctx).Model(&domain.TopUp{}).
		Where("id = ? AND status = ?", id, domain.TopUpPending).
		Updates(map[string]any{"status": domain.TopUpSucceeded, "psp_reference": psp, "updated_at": time.Now().UTC()})
	return res.RowsAffected == 1, res.Error
}

func (r *topUpRepo) Fail(ctx context.Context, id, reason string) error {
	return r.conn(ctx).Model(&domain.TopUp{}).
		Where("id = ? AND status = ?", id, domain.TopUpPending).
		Updates(map[string]any{"status": domain.TopUpFailed, "failure_reason": reason, "updated_at": time.Now().UTC()}).Error
}

// CardPaymentRepository persists non-top-up card payments and payouts.
type CardPaymentRepository interface {
	Create(ctx context.Context, p *domain.CardPayment) error
	// Claim inserts p unless a payment with the same operation key exists,
	// and returns the stored row either way.
	Claim(ctx context.Context, p *domain.CardPayment) (*domain.CardPayment, error)
	SetStatus(ctx context.Context, id, status, pspReference string) error
	// Transition moves a payment from one status to another and reports
	// whether this call made the change.
	Transition(ctx context.Context, id, from, to, pspReference string) (bool, error)
	FindByReference(ctx context.Context, merchantReference string) (*domain.CardPayment, error)
}

type cardPaymentRepo struct{ table[domain.CardPayment] }

// NewCardPayments returns the gorm CardPaymentRepository.
func NewCardPayments(db *gorm.DB) CardPaymentRepository {
	return &cardPaymentRepo{table[domain.CardPayment]{db: db}}
}

func (r *cardPaymentRepo) Create(ctx context.Context, p *domain.CardPayment) error {
	return r.create(ctx, p)
}

func (r *cardPaymentRepo) Claim(ctx context.Context, p *domain.CardPayment) (*domain.CardPayment, error) {
	if _, err := r.insertIgnore(ctx, p, cols("operation_key")...); err != nil {
		return nil, err
	}
	return r.get(ctx, "operation_key = ?", *p.OperationKey)
}

func (r *cardPaymentRepo) SetStatus(ctx context.Context, id, status, psp string) error {
	return r.conn(ctx).Model(&domain.CardPayment{}).Where("id = ?", id).
		Updates(map[string]any{"status": status, "psp_reference": psp, "updated_at": time.Now().UTC()}).Error
}

func (r *cardPaymentRepo) Transition(ctx context.Context, id, from, to, psp string) (bool, error) {
	fields := map[string]any{"status": to, "updated_at": time.Now().UTC()}
	if psp != "" {
		fields["psp_reference"] = psp
	}
	res := r.conn(ctx).Model(&domain.CardPayment{}).Where("id = ? AND status = ?", id, from).Updates(fields)
	return res.RowsAffected == 1, res.Error
}

func (r *cardPaymentRepo) FindByReference(ctx context.Context, ref string) (*domain.CardPayment, error) {
	return r.get(ctx, "reference = ?", ref)
}

// AttemptLog records gateway calls.
type AttemptLog interface {
	Record(ctx context.Context, a *domain.PaymentAttempt) error
}

type attemptLog struct{ table[domain.PaymentAttempt] }

// NewAttemptLog returns the gorm AttemptLog.
func NewAttemptLog(db *gorm.DB) AttemptLog {
	return &attemptLog{table[domain.PaymentAttempt]{db: db}}
}

func (r *attemptLog) Record(ctx context.Context, a *domain.PaymentAttempt) error {
	return r.create(ctx, a)
}

// NotificationRepository persists gateway webhook notification items.
type NotificationRepository interface {
	Insert(ctx context.Context, n *domain.GatewayNotification) (bool, error)
}

type notificationRepo struct {
	table[domain.GatewayNotification]
}

// NewNotifications returns the gorm NotificationRepository.
func NewNotifications(db *gorm.DB) NotificationRepository {
	return &notificationRepo{table[domain.GatewayNotification]{db: db}}
}

func (r *notificationRepo) Insert(ctx context.Context, n *domain.GatewayNotification) (bool, error) {
	return r.insertIgnore(ctx, n, cols("psp_reference", "event_code")...)
}
