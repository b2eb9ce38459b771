// Package store implements the repositories on top of gorm.
package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/halcyonevents/confreg/internal/domain"
)

// Repos groups every repository bound to one connection or transaction.
type Repos struct {
	tx *gorm.DB

	Conferences   *ConferenceRepo
	TicketTypes   *TicketTypeRepo
	Registrations *RegistrationRepo
	Orders        *OrderRepo
	Payments      *PaymentRepo
	Refunds       *RefundRepo
	Badges        *BadgeRepo
	Sponsors      *SponsorRepo
	Hotel         *HotelRepo
	Inbox         *InboxRepo
}

// NewRepos binds all repositories to db.
func NewRepos(db *gorm.DB) *Repos {
	return &Repos{
		tx:            db,
		Conferences:   NewConferenceRepo(db),
		TicketTypes:   NewTicketTypeRepo(db),
		Registrations: NewRegistrationRepo(db),
		Orders:        NewOrderRepo(db),
		Payments:      NewPaymentRepo(db),
		Refunds:       NewRefundRepo(db),
		Badges:        NewBadgeRepo(db),
		Sponsors:      NewSponsorRepo(db),
		Hotel:         NewHotelRepo(db),
		Inbox:         NewInboxRepo(db),
	}
}

// DB exposes the underlying handle, e.g. to publish an event in the same
// transaction.
func (r *Repos) DB() *gorm.DB { return r.tx }

// UnitOfWork runs a function against repositories that share one
// transaction.
type UnitOfWork struct {
	db *gorm.DB
}

// NewUnitOfWork returns a UnitOfWork on db.
func NewUnitOfWork(db *gorm.DB) *UnitOfWork { return &UnitOfWork{db: db} }

// Do commits if fn returns nil and rolls back otherwise.
func (u *UnitOfWork) Do(ctx context.Context, fn func(r *Repos) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(NewRepos(tx))
	})
}

func translate(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return domain.ErrNotFound
	default:
		return err
	}
}

// IsDuplicate reports whether err is a unique-constraint violation.
func IsDuplicate(err error) bool {
	return errors.Is(err, gorm.ErrDuplicatedKey)
}

// InboxRepo tracks which messages a consumer has handled.
type InboxRepo struct{ db *gorm.DB }

// NewInboxRepo returns an InboxRepo.
func NewInboxRepo(db *gorm.DB) *InboxRepo { return &InboxRepo{db: db} }

// Seen reports whether consumer has already handled messageID.
func (r *InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.InboxEntry{}).
		Where("consumer = ? AND message_id = ?", consumer, messageID).
		Count(&n).Error
	return n > 0, err
}

// MarkSeen records that consumer has handled messageID.
func (r *InboxRepo) MarkSeen(ctx context.Context, entry *domain.InboxEntry) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(entry).Error
}

// IdempotencyRepo stores API responses by Idempotency-Key.
type IdempotencyRepo struct{ db *gorm.DB }

// NewIdempotencyRepo returns an IdempotencyRepo.
func NewIdempotencyRepo(db *gorm.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Lookup returns the stored response, or nil if the key is new.
func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyRecord, error) {
	var rec domain.IdempotencyRecord
	err := r.db.WithContext(ctx).Where("scope = ? AND key = ?", scope, key).First(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

// Save stores a response. A concurrent duplicate keeps the first.
func (r *IdempotencyRepo) Save(ctx context.Context, rec *domain.IdempotencyRecord) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(rec).Error
}

// DeliveryLog appends one row per message delivery attempt.
type DeliveryLog struct{ db *gorm.DB }

// NewDeliveryLog returns a DeliveryLog.
func NewDeliveryLog(db *gorm.DB) *DeliveryLog { return &DeliveryLog{db: db} }

// Append writes an attempt row.
func (l *DeliveryLog) Append(ctx context.Context, a *domain.DeliveryAttempt) error {
	return l.db.WithContext(ctx).Create(a).Error
}
