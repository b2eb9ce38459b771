package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/db"
	"github.com/brightpay/lending/internal/events"
	"github.com/brightpay/lending/internal/tx"
)

// outboxRelay publishes committed outbox rows. Rows are locked while they
// are published and marked in the same transaction; a crash in between
// republishes them under the same event ID, which consumers deduplicate.
type outboxRelay struct {
	pool  *pgxpool.Pool
	pub   events.Publisher
	batch int32
	log   *zap.Logger
}

func NewOutboxRelay(pool *pgxpool.Pool, pub events.Publisher, log *zap.Logger) Job {
	return &outboxRelay{pool: pool, pub: pub, batch: 200, log: log}
}

func (j *outboxRelay) Name() string { return "outbox-relay" }
func (j *outboxRelay) Spec() string { return "* * * * *" }

func (j *outboxRelay) Run(ctx context.Context) error {
	for {
		n, err := tx.Run(ctx, j.pool, func(ctx context.Context, q *db.Queries) (int, error) {
			rows, err := q.ClaimUnpublishedOutbox(ctx, j.batch)
			if err != nil || len(rows) == 0 {
				return 0, err
			}
			msgs := make([]events.Message, len(rows))
			idList := make([]string, len(rows))
			for i, row := range rows {
				msgs[i] = events.Message{Topic: row.Topic, Key: row.PartitionKey, ID: row.ID, Payload: row.Payload}
				idList[i] = row.ID
			}
			if err := j.pub.Publish(ctx, msgs...); err != nil {
				return 0, err
			}
			now := pgtype.Timestamptz{Time: time.Now(), Valid: true}
			return len(rows), q.MarkOutboxPublished(ctx, idList, now)
		})
		if err != nil {
			return err
		}
		if n < int(j.batch) {
			return nil
		}
		j.log.Debug("outbox batch published", zap.Int("count", n))
	}
}
