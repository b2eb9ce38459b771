// Package xsettleuse routes events to the settler's methods through a
// generic adapter that decodes each message.
package xsettleuse

import (
	"context"
	"encoding/json"

	"freshid/xsettle"
	"github.com/ThreeDotsLabs/watermill/message"
)

// Handle adapts a function of a decoded event to a handler.
func Handle[T any](fn func(ctx context.Context, evt T) error) message.NoPublishHandlerFunc {
	return func(msg *message.Message) error {
		var evt T
		if err := json.Unmarshal(msg.Payload, &evt); err != nil {
			return err
		}
		return fn(msg.Context(), evt)
	}
}

// Register routes refunds to the settler.
func Register(r *message.Router, sub message.Subscriber, s *xsettle.Settler) {
	r.AddNoPublisherHandler("settle", "refunds", sub, Handle(s.Settle)) // want `a retry sends a new value as the request's clientTransactionRef field, on which its receiver drops a repeat, so the duplicate is not recognised: xid.New\(\) in xsettle.Settler.Settle \(xsettle.go:\d+:\d+\) is fresh on every attempt \(watermill handler xsettle.Settler.Settle, bound at xsettleuse.go:\d+:\d+\)`
	r.AddNoPublisherHandler("settle-once", "refunds", sub, Handle(s.SettleOnce))
}
