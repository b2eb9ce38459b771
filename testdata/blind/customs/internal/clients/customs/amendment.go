package customs

import (
	"encoding/json"

	"github.com/harborline/brokerage/internal/platform/ids"
)

// NewAmendment builds an amendment request with a fresh amendment reference.
func NewAmendment(reason string, changes json.RawMessage) AmendmentRequest {
	return AmendmentRequest{
		AmendmentRef: ids.New(ids.Amendment),
		Reason:       reason,
		Changes:      changes,
	}
}
