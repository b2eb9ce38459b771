// Package store implements persistence on PostgreSQL through gorm. Each
// repository is a thin struct over *gorm.DB; Store.InTx hands a set of
// repositories bound to one transaction to a callback.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
	"gorm.io/gorm/logger"
)

var (
	ErrNotFound = errors.New("store: not found")
)

func Open(dsn string, lvl logger.LogLevel) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(lvl),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("store: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

// Repos is the full set of repositories bound to one *gorm.DB handle,
// which may be a transaction.
type Repos struct {
	Growers       *GrowerRepo
	BankAccounts  *BankAccountRepo
	Contracts     *ContractRepo
	Amendments    *AmendmentRepo
	Idempotency   *IdempotencyRepo
	Tickets       *TicketRepo
	Grades        *GradeRepo
	Applications  *ApplicationRepo
	Premiums      *PremiumRepo
	Events        *EventRepo
	Storage       *StorageRepo
	Advances      *AdvanceRepo
	Settlements   *SettlementRepo
	Payouts       *PayoutRepo
	Deferred      *DeferredRepo
	ACH           *ACHRepo
	Notifications *NotificationRepo
	Notices       *NoticeRepo
}

func NewRepos(db *gorm.DB) *Repos {
	return &Repos{
		Growers:       &GrowerRepo{db: db},
		BankAccounts:  &BankAccountRepo{db: db},
		Contracts:     &ContractRepo{db: db},
		Amendments:    &AmendmentRepo{db: db},
		Idempotency:   &IdempotencyRepo{db: db},
		Tickets:       &TicketRepo{db: db},
		Grades:        &GradeRepo{db: db},
		Applications:  &ApplicationRepo{db: db},
		Premiums:      &PremiumRepo{db: db},
		Events:        &EventRepo{db: db},
		Storage:       &StorageRepo{db: db},
		Advances:      &AdvanceRepo{db: db},
		Settlements:   &SettlementRepo{db: db},
		Payouts:       &PayoutRepo{db: db},
		Deferred:      &DeferredRepo{db: db},
		ACH:           &ACHRepo{db: db},
		Notifications: &NotificationRepo{db: db},
		Notices:       &NoticeRepo{db: db},
	}
}

// Store owns the root handle and the non-transactional repositories.
type Store struct {
	*Repos
	db *gorm.DB
}

func New(db *gorm.DB) *Store { return &Store{Repos: NewRepos(db), db: db} }

// InTx runs fn with repositories bound to a single transaction.
func (s *Store) InTx(ctx context.Context, fn func(r *Repos) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(NewRepos(tx))
	})
}

func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

func first[T any](q *gorm.DB) (*T, error) {
	var out T
	if err := q.Take(&out).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	return &out, nil
}

func list[T any](q *gorm.DB) ([]T, error) {
	var out []T
	if err := q.Find(&out).Error; err != nil {
		return nil, err
	}
	return out, nil
}

// insertIgnore inserts row unless it collides on the given unique columns.
// It reports whether a row was written.
func insertIgnore(db *gorm.DB, row any, cols ...string) (bool, error) {
	cc := make([]clause.Column, len(cols))
	for i, c := range cols {
		cc[i] = clause.Column{Name: c}
	}
	res := db.Clauses(clause.OnConflict{Columns: cc, DoNothing: true}).Create(row)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

// IsUniqueViolation reports whether err is a PostgreSQL unique violation.
func IsUniqueViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23505"
}
