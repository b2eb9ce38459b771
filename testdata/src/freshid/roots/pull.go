package roots

import (
	"context"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go/jetstream"
)

// A pull consumer's batch, ranged over: each message not acked is
// delivered again.
func pullBatches(ctx context.Context, cons jetstream.Consumer) {
	for {
		batch, err := cons.Fetch(10)
		if err != nil {
			continue
		}
		for msg := range batch.Messages() {
			if _, err := db.ExecContext(ctx, "INSERT INTO scans (scan_id, subject) VALUES ($1, $2)", uuid.NewString(), msg.Subject()); err != nil { // want `JetStream consumer loop`
				continue
			}
			msg.Ack()
		}
	}
}

// A pull consumer's next message, one at a time.
func pullNext(ctx context.Context, cons jetstream.Consumer) {
	for {
		msg, err := cons.Next()
		if err != nil {
			continue
		}
		db.ExecContext(ctx, "INSERT INTO scans (scan_id, subject) VALUES ($1, $2)", uuid.NewString(), msg.Subject()) // want `JetStream consumer loop`
		msg.Ack()
	}
}
