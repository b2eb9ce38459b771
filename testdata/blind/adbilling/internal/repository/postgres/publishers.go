package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/domain"
	"github.com/brightlane/adbilling/internal/repository"
)

type PublisherRepo struct {
	pool *pgxpool.Pool
}

func NewPublisherRepo(pool *pgxpool.Pool) repository.Publishers { return &PublisherRepo{pool: pool} }

const publisherColumns = `id, name, COALESCE(partner_network_id, ''), revenue_share_bps, currency,
	available_micros, COALESCE(payout_account_id, '')`

func scanPublisher(row interface{ Scan(...any) error }) (domain.Publisher, error) {
	var p domain.Publisher
	var avail int64
	err := row.Scan(&p.ID, &p.Name, &p.PartnerNetworkID, &p.RevenueShareBps, &p.Currency, &avail, &p.PayoutAccountID)
	if db.IsNoRows(err) {
		return p, domain.ErrNotFound
	}
	p.Available = domain.Micros(avail)
	return p, err
}

func (r *PublisherRepo) Get(ctx context.Context, id string) (domain.Publisher, error) {
	return scanPublisher(db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT `+publisherColumns+` FROM publishers WHERE id = $1`, id))
}

func (r *PublisherRepo) Partner(ctx context.Context, id string) (domain.PartnerNetwork, error) {
	var p domain.PartnerNetwork
	err := db.Conn(ctx, r.pool).QueryRow(ctx,
		`SELECT id, name, webhook_url, webhook_secret FROM partner_networks WHERE id = $1`, id).
		Scan(&p.ID, &p.Name, &p.WebhookURL, &p.WebhookSecret)
	if db.IsNoRows(err) {
		return p, domain.ErrNotFound
	}
	return p, err
}

func (r *PublisherRepo) ListEligibleForPayout(ctx context.Context, min domain.Micros) ([]domain.Publisher, error) {
	rows, err := db.Conn(ctx, r.pool).Query(ctx, `
		SELECT `+publisherColumns+` FROM publishers
		 WHERE available_micros >= $1 AND payout_account_id IS NOT NULL
		 ORDER BY id`, int64(min))
	if err != nil {
		return nil, fmt.Errorf("list eligible publishers: %w", err)
	}
	defer rows.Close()
	var out []domain.Publisher
	for rows.Next() {
		p, err := scanPublisher(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (r *PublisherRepo) CreditAvailable(ctx context.Context, id string, amount domain.Micros) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE publishers SET available_micros = available_micros + $2 WHERE id = $1`, id, int64(amount))
	if err != nil {
		return fmt.Errorf("credit publisher: %w", err)
	}
	return nil
}

func (r *PublisherRepo) DebitAvailable(ctx context.Context, id string, amount domain.Micros) error {
	tag, err := db.Conn(ctx, r.pool).Exec(ctx,
		`UPDATE publishers SET available_micros = available_micros - $2
		  WHERE id = $1 AND available_micros >= $2`, id, int64(amount))
	if err != nil {
		return fmt.Errorf("debit publisher: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return domain.ErrInsufficient
	}
	return nil
}

func (r *PublisherRepo) AppendEarning(ctx context.Context, e domain.PublisherEarning) error {
	_, err := db.Conn(ctx, r.pool).Exec(ctx, `
		INSERT INTO publisher_earnings (id, publisher_id, advertiser_id, day, gross_micros, share_micros)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		e.ID, e.PublisherID, e.AdvertiserID, e.Day, int64(e.Gross), int64(e.Share))
	if err != nil {
		return fmt.Errorf("append publisher earning: %w", err)
	}
	return nil
}
