package registry

import (
	"encoding/json"
	"time"
)

// Message is a poll message the registry pushes to our webhook. The registry
// re-sends a message until the webhook answers 2xx.
type Message struct {
	ID         string          `json:"msgID"`
	Type       string          `json:"type"`
	Domain     string          `json:"name"`
	QueuedAt   time.Time       `json:"qDate"`
	Transfer   *TransferData   `json:"transfer,omitempty"`
	Additional json.RawMessage `json:"data,omitempty"`
}

const (
	MsgTransferRequested = "transfer.requested"
	MsgTransferApproved  = "transfer.approved"
	MsgTransferRejected  = "transfer.rejected"
	MsgDomainDeleted     = "domain.deleted"
)
