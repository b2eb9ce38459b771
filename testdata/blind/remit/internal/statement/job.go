// Package statement produces monthly activity statements for senders.
package statement

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"text/tabwriter"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"github.com/sendhome/remit/internal/domain"
	"github.com/sendhome/remit/internal/platform/ids"
)

type summary struct {
	CustomerID string
	Count      int
	TotalSent  int64
	TotalFees  int64
	Currency   string
}

// Job runs on the worker's scheduler; it produces last month's statements
// once and then records the period as done.
type Job struct {
	pool *pgxpool.Pool
	docs DocumentStore
	rdb  *redis.Client
	now  func() time.Time
	log  *slog.Logger
}

func NewJob(pool *pgxpool.Pool, docs DocumentStore, rdb *redis.Client, log *slog.Logger) *Job {
	return &Job{pool: pool, docs: docs, rdb: rdb, now: time.Now, log: log}
}

func doneKey(period string) string { return "statements:done:" + period }

func (j *Job) Run(ctx context.Context) error {
	now := j.now().UTC()
	end := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	start := end.AddDate(0, -1, 0)
	period := start.Format("2006-01")

	done, err := j.rdb.Exists(ctx, doneKey(period)).Result()
	if err != nil {
		return err
	}
	if done == 1 {
		return nil
	}

	sums, err := j.summaries(ctx, start, end)
	if err != nil {
		return err
	}
	for _, s := range sums {
		if err := j.issue(ctx, period, s); err != nil {
			return fmt.Errorf("statement %s for %s: %w", period, s.CustomerID, err)
		}
	}
	j.log.Info("statements issued", "period", period, "count", len(sums))
	return j.rdb.Set(ctx, doneKey(period), now.Format(time.RFC3339), 120*24*time.Hour).Err()
}

func (j *Job) summaries(ctx context.Context, start, end time.Time) ([]summary, error) {
	rows, err := j.pool.Query(ctx, `
		SELECT customer_id, count(*), sum(send_amount), sum(fee), min(send_currency)
		FROM transfers
		WHERE created_at >= $1 AND created_at < $2
		  AND status IN ('paid_out', 'collected', 'refunded', 'cancelled')
		GROUP BY customer_id
		ORDER BY customer_id`, start, end)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (summary, error) {
		var s summary
		err := r.Scan(&s.CustomerID, &s.Count, &s.TotalSent, &s.TotalFees, &s.Currency)
		return s, err
	})
}

func (j *Job) issue(ctx context.Context, period string, s summary) error {
	doc, err := render(period, s)
	if err != nil {
		return err
	}
	key, err := j.docs.Put(ctx, fmt.Sprintf("%s/%s.txt", period, s.CustomerID), doc)
	if err != nil {
		return err
	}
	_, err = j.pool.Exec(ctx, `
		INSERT INTO statements (id, customer_id, period, transfer_count, total_sent, total_fees, currency, document_key)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		ids.Request(), s.CustomerID, period, s.Count, s.TotalSent, s.TotalFees, s.Currency, key)
	return err
}

func render(period string, s summary) ([]byte, error) {
	if s.Count == 0 {
		return nil, errors.New("empty statement")
	}
	var b bytes.Buffer
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "SendHome monthly statement\t%s\n", period)
	fmt.Fprintf(w, "Customer\t%s\n", s.CustomerID)
	fmt.Fprintf(w, "Transfers\t%d\n", s.Count)
	fmt.Fprintf(w, "Total sent\t%s\n", domain.Money{Amount: s.TotalSent, Currency: s.Currency})
	fmt.Fprintf(w, "Fees\t%s\n", domain.Money{Amount: s.TotalFees, Currency: s.Currency})
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
