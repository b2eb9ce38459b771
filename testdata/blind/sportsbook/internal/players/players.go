// Package players gives read access to player profiles.
package players

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kickoffbet/sportsbook/internal/db"
)

// Player is a row of players.
type Player struct {
	ID           string    `db:"id"`
	Email        string    `db:"email"`
	Phone        *string   `db:"phone"`
	Country      string    `db:"country"`
	Currency     string    `db:"currency"`
	Status       string    `db:"status"`
	AffiliateID  *string   `db:"affiliate_id"`
	RegisteredAt time.Time `db:"registered_at"`
}

// Directory looks players up.
type Directory struct {
	db   *sqlx.DB
	repo *db.Repo[Player]
}

// NewDirectory returns a Directory.
func NewDirectory(conn *sqlx.DB) *Directory {
	return &Directory{db: conn, repo: db.NewRepo[Player]("players", "id")}
}

// Phone returns the player's phone number, or "" when none is on file.
func (d *Directory) Phone(ctx context.Context, id string) (string, error) {
	p, err := d.repo.Get(ctx, d.db, id)
	if err != nil {
		return "", err
	}
	if p.Phone == nil {
		return "", nil
	}
	return *p.Phone, nil
}
