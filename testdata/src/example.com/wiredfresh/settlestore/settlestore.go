// Package settlestore implements settle's repositories on the pool.
package settlestore

import (
	"context"
	"database/sql"

	"github.com/google/uuid"

	"example.com/wiredfresh/settle"
)

// DBTX is what the repositories run statements on, as sqlc's code
// has it: the pool, or a transaction.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Repos hands out repositories on one handle.
type Repos struct{ DB DBTX }

func (r *Repos) Campaigns() settle.Campaigns { return campaigns{r.DB} }
func (r *Repos) Pledges() settle.Pledges     { return pledges{r.DB} }
func (r *Repos) Notes() settle.Notes         { return notes{r.DB} }

type campaigns struct{ db DBTX }

func (c campaigns) AddCollected(ctx context.Context, id string, cents int64) error {
	_, err := c.db.ExecContext(ctx, "UPDATE campaigns SET collected_cents = collected_cents + $2 WHERE id = $1", id, cents) // want `a failure between the writes leaves the operation half done, and a retry repeats the done part: 2 writes commit separately and the UPDATE of campaigns \(it computes from the current value\) in settlestore.campaigns.AddCollected is not idempotent \(river worker funcWorker.Work\)`
	return err
}

type pledges struct{ db DBTX }

func (p pledges) MarkCaptured(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "UPDATE pledges SET status = 'captured' WHERE id = $1", id)
	return err
}

func (p pledges) MarkCancelled(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, "UPDATE pledges SET status = 'cancelled' WHERE id = $1", id)
	return err
}

type notes struct{ db DBTX }

// Insert names a note its caller left unnamed.
func (n notes) Insert(ctx context.Context, note *settle.Note) error {
	if note.ID == "" {
		note.ID = uuid.NewString() // want `a retry inserts a second pledge_notes row with a new id: uuid.NewString\(\) is fresh on every attempt \(river worker funcWorker.Work\)`
	}
	_, err := n.db.ExecContext(ctx, "INSERT INTO pledge_notes (id, pledge_id, body) VALUES ($1, $2, $3)", note.ID, note.PledgeID, note.Body)
	return err
}
