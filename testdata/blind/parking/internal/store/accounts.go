package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/cityparking/parking/internal/domain"
)

type AccountRepository interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Account, error)
	GetByPhone(ctx context.Context, phone string) (*domain.Account, error)
	GetPrefs(ctx context.Context, accountID uuid.UUID) (*domain.NotificationPrefs, error)
	UpsertPrefs(ctx context.Context, p domain.NotificationPrefs) (*domain.NotificationPrefs, error)
}

type VehicleRepository interface {
	Create(ctx context.Context, v *domain.Vehicle) error
	Get(ctx context.Context, accountID, id uuid.UUID) (*domain.Vehicle, error)
	ListByAccount(ctx context.Context, accountID uuid.UUID) ([]domain.Vehicle, error)
	OwnerOfPlate(ctx context.Context, plate string) (*uuid.UUID, error)
}

type ZoneRepository interface {
	Get(ctx context.Context, id string) (*domain.Zone, error)
}

type accountRepo struct{ db *sqlx.DB }

func NewAccountRepository(db *sqlx.DB) AccountRepository { return &accountRepo{db: db} }

const accountCols = `id, email, phone, stripe_customer_id, default_payment_method,
	fleet_webhook_url, fleet_webhook_token, created_at`

func (r *accountRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Account, error) {
	var a domain.Account
	err := r.db.GetContext(ctx, &a, `SELECT `+accountCols+` FROM accounts WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

func (r *accountRepo) GetByPhone(ctx context.Context, phone string) (*domain.Account, error) {
	var a domain.Account
	err := r.db.GetContext(ctx, &a, `SELECT `+accountCols+` FROM accounts WHERE phone = $1`, phone)
	if err != nil {
		return nil, notFound(err)
	}
	return &a, nil
}

func (r *accountRepo) GetPrefs(ctx context.Context, accountID uuid.UUID) (*domain.NotificationPrefs, error) {
	var p domain.NotificationPrefs
	err := r.db.GetContext(ctx, &p, `
		SELECT account_id, sms_reminders, reminder_minutes, fine_alerts, updated_at
		FROM notification_prefs WHERE account_id = $1`, accountID)
	if err != nil {
		err = notFound(err)
		if err == domain.ErrNotFound {
			return &domain.NotificationPrefs{
				AccountID: accountID, SMSReminders: true, ReminderMinutes: 10, FineAlerts: true,
			}, nil
		}
		return nil, err
	}
	return &p, nil
}

func (r *accountRepo) UpsertPrefs(ctx context.Context, p domain.NotificationPrefs) (*domain.NotificationPrefs, error) {
	var out domain.NotificationPrefs
	err := r.db.GetContext(ctx, &out, `
		INSERT INTO notification_prefs (account_id, sms_reminders, reminder_minutes, fine_alerts, updated_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (account_id) DO UPDATE
		SET sms_reminders = EXCLUDED.sms_reminders,
		    reminder_minutes = EXCLUDED.reminder_minutes,
		    fine_alerts = EXCLUDED.fine_alerts,
		    updated_at = EXCLUDED.updated_at
		RETURNING account_id, sms_reminders, reminder_minutes, fine_alerts, updated_at`,
		p.AccountID, p.SMSReminders, p.ReminderMinutes, p.FineAlerts, time.Now().UTC())
	if err != nil {
		return nil, err
	}
	return &out, nil
}

type vehicleRepo struct{ db *sqlx.DB }

func NewVehicleRepository(db *sqlx.DB) VehicleRepository { return &vehicleRepo{db: db} }

func (r *vehicleRepo) Create(ctx context.Context, v *domain.Vehicle) error {
	_, err := r.db.NamedExecContext(ctx, `
		INSERT INTO vehicles (id, account_id, plate, country, nickname, created_at)
		VALUES (:id, :account_id, :plate, :country, :nickname, :created_at)`, v)
	return err
}

func (r *vehicleRepo) Get(ctx context.Context, accountID, id uuid.UUID) (*domain.Vehicle, error) {
	var v domain.Vehicle
	err := r.db.GetContext(ctx, &v, `
		SELECT id, account_id, plate, country, nickname, created_at
		FROM vehicles WHERE account_id = $1 AND id = $2`, accountID, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &v, nil
}

func (r *vehicleRepo) ListByAccount(ctx context.Context, accountID uuid.UUID) ([]domain.Vehicle, error) {
	var vs []domain.Vehicle
	err := r.db.SelectContext(ctx, &vs, `
		SELECT id, account_id, plate, country, nickname, created_at
		FROM vehicles WHERE account_id = $1 ORDER BY created_at`, accountID)
	return vs, err
}

// OwnerOfPlate returns the most recently registered account for a plate, if
// any. Plates are not unique across accounts (shared cars, leases).
func (r *vehicleRepo) OwnerOfPlate(ctx context.Context, plate string) (*uuid.UUID, error) {
	var id uuid.UUID
	err := r.db.GetContext(ctx, &id, `
		SELECT account_id FROM vehicles WHERE plate = $1 ORDER BY created_at DESC LIMIT 1`, plate)
	if err != nil {
		err = notFound(err)
		if err == domain.ErrNotFound {
			return nil, nil
		}
		return nil, err
	}
	return &id, nil
}

type zoneRepo struct{ db *sqlx.DB }

func NewZoneRepository(db *sqlx.DB) ZoneRepository { return &zoneRepo{db: db} }

func (r *zoneRepo) Get(ctx context.Context, id string) (*domain.Zone, error) {
	var z domain.Zone
	err := r.db.GetContext(ctx, &z, `
		SELECT id, name, rate_cents_hour, max_stay_minutes, permit_zone FROM zones WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &z, nil
}
