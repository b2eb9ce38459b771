// Package partners stores roaming partner connection settings.
package partners

import (
	"context"
	"fmt"

	"github.com/voltway/charging/internal/platform/dbutil"
	"github.com/voltway/charging/internal/roaming"
)

// Repo loads partner configuration.
type Repo struct{}

// NewRepo builds a repository.
func NewRepo() *Repo { return &Repo{} }

// Get loads a partner by ID.
func (r *Repo) Get(ctx context.Context, q dbutil.Querier, id string) (roaming.Partner, error) {
	var p roaming.Partner
	err := q.QueryRowContext(ctx, `
		SELECT id, country_code, party_id, base_url, token_b FROM roaming_partners
		WHERE id = ? AND active = 1`, id).Scan(&p.ID, &p.CountryCode, &p.PartyID, &p.BaseURL, &p.Token)
	if err != nil {
		return roaming.Partner{}, fmt.Errorf("get partner %s: %w", id, dbutil.NotFound(err))
	}
	return p, nil
}

// ByInboundToken resolves the partner presenting token.
func (r *Repo) ByInboundToken(ctx context.Context, q dbutil.Querier, token string) (roaming.Partner, error) {
	var p roaming.Partner
	err := q.QueryRowContext(ctx, `
		SELECT id, country_code, party_id, base_url, token_b FROM roaming_partners
		WHERE token_c = ? AND active = 1`, token).Scan(&p.ID, &p.CountryCode, &p.PartyID, &p.BaseURL, &p.Token)
	if err != nil {
		return roaming.Partner{}, dbutil.NotFound(err)
	}
	return p, nil
}

// ListActive returns every active partner.
func (r *Repo) ListActive(ctx context.Context, q dbutil.Querier) ([]roaming.Partner, error) {
	rows, err := q.QueryContext(ctx, `
		SELECT id, country_code, party_id, base_url, token_b FROM roaming_partners WHERE active = 1 ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []roaming.Partner
	for rows.Next() {
		var p roaming.Partner
		if err := rows.Scan(&p.ID, &p.CountryCode, &p.PartyID, &p.BaseURL, &p.Token); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
