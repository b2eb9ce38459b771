// Package ids generates the prefixed, sortable identifiers used in URLs.
package ids

import (
	"github.com/oklog/ulid/v2"
	"github.com/segmentio/ksuid"
)

// NewApplicationID returns a new application identifier.
func NewApplicationID() string { return "app_" + ulid.Make().String() }

// NewRenewalID returns a new parking renewal identifier.
func NewRenewalID() string { return "rnw_" + ulid.Make().String() }

// NewAmendmentID returns a new event amendment identifier.
func NewAmendmentID() string { return "amd_" + ksuid.New().String() }

// NewParkingPermitID returns a new parking permit identifier.
func NewParkingPermitID() string { return "pkp_" + ulid.Make().String() }
