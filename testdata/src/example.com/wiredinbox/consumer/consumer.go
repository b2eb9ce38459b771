// Package consumer releases escrow for each delivery event.
package consumer

import (
	"context"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"example.com/wiredinbox/pgdb"
)

// Inbox records the messages handled.
type Inbox interface {
	Seen(ctx context.Context, q pgdb.Querier, key string) (bool, error)
	Record(ctx context.Context, q pgdb.Querier, key string) error
	Claim(ctx context.Context, q pgdb.Querier, key string) (bool, error)
}

// Ledger appends entries.
type Ledger interface {
	Append(ctx context.Context, q pgdb.Querier, account string, amount int64) error
}

// Releaser moves a seller's escrow to their balance.
type Releaser struct {
	DB     *pgxpool.Pool
	Inbox  Inbox
	Ledger Ledger
	HTTP   *http.Client
	R      *kafka.Reader
}

// Run handles each message, committing its offset after.
func (r *Releaser) Run(ctx context.Context) error {
	for {
		m, err := r.R.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if string(m.Key) == "once" {
			err = r.releaseOnce(ctx, m)
		} else {
			err = r.release(ctx, m)
		}
		if err != nil {
			return err
		}
		r.R.CommitMessages(ctx, m)
	}
}

// release checks the inbox, moves the money in a transaction, tells the
// seller, then records the message: each on its own commit.
func (r *Releaser) release(ctx context.Context, m kafka.Message) error {
	key := string(m.Key)
	seen, err := r.Inbox.Seen(ctx, r.DB, key)
	if err != nil || seen {
		return err
	}
	err = pgdb.Tx(ctx, r.DB, func(q pgdb.Querier) error {
		return r.Ledger.Append(ctx, q, "seller:available", 100)
	})
	if err != nil {
		return err
	}
	if err := r.notify(ctx, key); err != nil {
		return err
	}
	return r.Inbox.Record(ctx, r.DB, key)
}

// releaseOnce claims the message in the transaction that moves the
// money.
func (r *Releaser) releaseOnce(ctx context.Context, m kafka.Message) error {
	key := string(m.Key)
	return pgdb.Tx(ctx, r.DB, func(q pgdb.Querier) error {
		fresh, err := r.Inbox.Claim(ctx, q, key)
		if err != nil || !fresh {
			return err
		}
		return r.Ledger.Append(ctx, q, "seller:available", 100)
	})
}

// notify tells the seller, keyed by the message.
func (r *Releaser) notify(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://sellers.example/notices", strings.NewReader(key))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := r.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
