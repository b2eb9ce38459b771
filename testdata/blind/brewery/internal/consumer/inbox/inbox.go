// Package inbox provides message de-duplication wrappers for JetStream
// consumers, backed by the processed_messages table.
package inbox

import (
	"context"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/ironkettle/taproute/internal/store"
)

// Handler processes one message.
type Handler = func(ctx context.Context, msg jetstream.Msg) error

// TxHandler processes one message inside the caller's transaction.
type TxHandler = func(ctx context.Context, tx pgx.Tx, msg jetstream.Msg) error

// Store is the processed-message repository.
type Store interface {
	Seen(ctx context.Context, q store.Querier, consumer, key string) (bool, error)
	Mark(ctx context.Context, q store.Querier, consumer, key string) error
	Claim(ctx context.Context, q store.Querier, consumer, key string) (bool, error)
}

// MessageKey identifies a message across redeliveries: the publisher's
// Nats-Msg-Id when set, otherwise the stream sequence, which JetStream keeps
// for every redelivery of the same message.
func MessageKey(msg jetstream.Msg) (string, error) {
	if id := msg.Headers().Get(jetstream.MsgIDHeader); id != "" {
		return id, nil
	}
	md, err := msg.Metadata()
	if err != nil {
		return "", fmt.Errorf("message metadata: %w", err)
	}
	return md.Stream + ":" + strconv.FormatUint(md.Sequence.Stream, 10), nil
}

// Once wraps a handler whose effects commit on their own. Messages already
// marked for the consumer are acknowledged without calling h; after h
// succeeds the message is marked.
func Once(st Store, db store.Querier, consumer string, h Handler) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		key, err := MessageKey(msg)
		if err != nil {
			return err
		}
		seen, err := st.Seen(ctx, db, consumer, key)
		if err != nil {
			return err
		}
		if seen {
			return nil
		}
		if err := h(ctx, msg); err != nil {
			return err
		}
		return st.Mark(ctx, db, consumer, key)
	}
}

// InTx wraps a handler so the message is claimed in the same transaction as
// the handler's writes: either both commit or neither does.
func InTx(runner store.TxRunner, st Store, consumer string, h TxHandler) Handler {
	return func(ctx context.Context, msg jetstream.Msg) error {
		key, err := MessageKey(msg)
		if err != nil {
			return err
		}
		return runner.InTx(ctx, func(tx pgx.Tx) error {
			first, err := st.Claim(ctx, tx, consumer, key)
			if err != nil || !first {
				return err
			}
			return h(ctx, tx, msg)
		})
	}
}
