package reservations

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/harbourline/hotels/internal/domain"
	"github.com/harbourline/hotels/internal/platform/sqldb"
)

type pgRepository struct {
	db  *sql.DB
	now func() time.Time
}

// NewPostgresRepository returns the database/sql implementation.
func NewPostgresRepository(db *sql.DB) Repository {
	return &pgRepository{db: db, now: time.Now}
}

const columns = `id, channel, channel_ref, property_id, room_type_id, check_in, check_out,
	guest_id, guest_name, guest_email, guest_phone, total_minor, currency, status, version, created_at, updated_at`

func args(r *domain.Reservation) []any {
	return []any{r.ID, r.Channel, r.ChannelRef, r.Stay.PropertyID, r.Stay.RoomTypeID, r.Stay.CheckIn, r.Stay.CheckOut,
		r.Guest.ID, r.Guest.Name, r.Guest.Email, r.Guest.Phone, r.Total.Minor, r.Total.Currency, string(r.Status)}
}

func (p *pgRepository) Insert(ctx context.Context, r *domain.Reservation) error {
	_, err := sqldb.Conn(ctx, p.db).ExecContext(ctx, `INSERT INTO reservations
		(id, channel, channel_ref, property_id, room_type_id, check_in, check_out,
		 guest_id, guest_name, guest_email, guest_phone, total_minor, currency, status)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`, args(r)...)
	if err != nil {
		return fmt.Errorf("reservations: insert %s/%s: %w", r.Channel, r.ChannelRef, err)
	}
	r.Version = 1
	return nil
}

func (p *pgRepository) InsertIfAbsent(ctx context.Context, r *domain.Reservation) (bool, error) {
	var id string
	err := sqldb.Conn(ctx, p.db).QueryRowContext(ctx, `INSERT INTO reservations
		(id, channel, channel_ref, property_id, room_type_id, check_in, check_out,
		 guest_id, guest_name, guest_email, guest_phone, total_minor, currency, status)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)
		ON CONFLICT ON CONSTRAINT reservations_channel_ref_key DO NOTHING
		RETURNING id`, args(r)...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reservations: insert-if-absent: %w", err)
	}
	r.Version = 1
	return true, nil
}

func scan(row interface{ Scan(...any) error }) (*domain.Reservation, error) {
	var r domain.Reservation
	var status string
	err := row.Scan(&r.ID, &r.Channel, &r.ChannelRef, &r.Stay.PropertyID, &r.Stay.RoomTypeID, &r.Stay.CheckIn, &r.Stay.CheckOut,
		&r.Guest.ID, &r.Guest.Name, &r.Guest.Email, &r.Guest.Phone, &r.Total.Minor, &r.Total.Currency,
		&status, &r.Version, &r.CreatedAt, &r.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	r.Status = domain.Status(status)
	return &r, nil
}

func (p *pgRepository) Get(ctx context.Context, id string) (*domain.Reservation, error) {
	return scan(sqldb.Conn(ctx, p.db).QueryRowContext(ctx, `SELECT `+columns+` FROM reservations WHERE id = $1`, id))
}

func (p *pgRepository) GetByChannelRef(ctx context.Context, channel, ref string) (*domain.Reservation, error) {
	return scan(sqldb.Conn(ctx, p.db).QueryRowContext(ctx,
		`SELECT `+columns+` FROM reservations WHERE channel = $1 AND channel_ref = $2`, channel, ref))
}

func (p *pgRepository) UpdateStay(ctx context.Context, id string, stay domain.Stay, total domain.Money) (int, error) {
	var version int
	err := sqldb.Conn(ctx, p.db).QueryRowContext(ctx, `UPDATE reservations
		SET property_id = $2, room_type_id = $3, check_in = $4, check_out = $5,
		    total_minor = $6, currency = $7, version = version + 1, updated_at = $8
		WHERE id = $1 RETURNING version`,
		id, stay.PropertyID, stay.RoomTypeID, stay.CheckIn, stay.CheckOut, total.Minor, total.Currency, p.now()).Scan(&version)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return version, err
}

func (p *pgRepository) TransitionStatus(ctx context.Context, id string, to domain.Status, from ...domain.Status) (bool, error) {
	q := `UPDATE reservations SET status = $2, version = version + 1, updated_at = $3 WHERE id = $1`
	a := []any{id, string(to), p.now()}
	if len(from) > 0 {
		ph := make([]string, len(from))
		for i, f := range from {
			a = append(a, string(f))
			ph[i] = fmt.Sprintf("$%d", len(a))
		}
		q += ` AND status IN (` + strings.Join(ph, ",") + `)`
	}
	res, err := sqldb.Conn(ctx, p.db).ExecContext(ctx, q, a...)
	if err != nil {
		return false, fmt.Errorf("reservations: transition %s -> %s: %w", id, to, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (p *pgRepository) ListNoShowCandidates(ctx context.Context, before time.Time, limit int) ([]domain.Reservation, error) {
	rows, err := sqldb.Conn(ctx, p.db).QueryContext(ctx, `SELECT `+columns+` FROM reservations
		WHERE status = 'confirmed' AND check_in < $1 ORDER BY check_in LIMIT $2`, before, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []domain.Reservation
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *r)
	}
	return out, rows.Err()
}

func (p *pgRepository) AppendHistory(ctx context.Context, id, change string, detail any) error {
	b, err := json.Marshal(detail)
	if err != nil {
		return err
	}
	_, err = sqldb.Conn(ctx, p.db).ExecContext(ctx,
		`INSERT INTO reservation_history (reservation_id, change, detail) VALUES ($1, $2, $3)`, id, change, b)
	return err
}
