// Package x12 parses the subset of ANSI X12 the railroads send us: the 322
// (terminal operations / car event) transaction set.
package x12

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
)

// Interchange is one ISA envelope.
type Interchange struct {
	SenderID      string
	ReceiverID    string
	ControlNumber string
	Events        []domain.MovementEvent
}

// status codes in Q5-01 that we act on.
var statusTypes = map[string]string{
	"PL": domain.MovePlacement,   // actual placement at industry
	"CP": domain.MovePlacement,   // constructive placement
	"RL": domain.MoveRelease,     // released by customer
	"PU": domain.MoveRelease,     // pulled from industry
	"IJ": domain.MoveInterchange, // interchange received
	"ID": domain.MoveInterchange, // interchange delivered
}

var errSyntax = errors.New("x12: syntax error")

// Parse reads a 322 interchange. The element separator is taken from ISA
// position 4 and the segment terminator from position 106.
func Parse(raw []byte) (*Interchange, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) < 106 || !bytes.HasPrefix(raw, []byte("ISA")) {
		return nil, fmt.Errorf("%w: missing ISA header", errSyntax)
	}
	elemSep := string(raw[3])
	segTerm := raw[105]

	ic := &Interchange{}
	var cur *domain.MovementEvent
	var stControl string
	flush := func() {
		if cur != nil && cur.Type != "" && cur.CarMark != "" {
			cur.EventID = eventID(cur)
			ic.Events = append(ic.Events, *cur)
		}
		cur = nil
	}

	sc := bufio.NewScanner(bytes.NewReader(raw))
	sc.Buffer(make([]byte, 0, 64*1024), 4<<20)
	sc.Split(splitOn(segTerm))
	for sc.Scan() {
		seg := strings.TrimSpace(sc.Text())
		if seg == "" {
			continue
		}
		el := strings.Split(seg, elemSep)
		switch el[0] {
		case "ISA":
			if len(el) < 14 {
				return nil, fmt.Errorf("%w: short ISA", errSyntax)
			}
			ic.SenderID = strings.TrimSpace(el[6])
			ic.ReceiverID = strings.TrimSpace(el[8])
			ic.ControlNumber = el[13]
		case "ST":
			if len(el) < 3 || el[1] != "322" {
				return nil, fmt.Errorf("x12: unsupported transaction set %v", el)
			}
			stControl = el[2]
		case "Q5":
			flush()
			cur = &domain.MovementEvent{Railroad: ic.SenderID}
			if len(el) < 4 {
				return nil, fmt.Errorf("%w: short Q5 in ST %s", errSyntax, stControl)
			}
			cur.Type = statusTypes[el[1]]
			ts, err := time.Parse("200601021504", el[2]+el[3])
			if err != nil {
				return nil, fmt.Errorf("x12: Q5 date/time in ST %s: %w", stControl, err)
			}
			cur.OccurredAt = ts.UTC()
		case "N7":
			if cur != nil && len(el) > 2 {
				cur.CarMark = strings.TrimSpace(el[1]) + " " + strings.TrimLeft(strings.TrimSpace(el[2]), "0")
				if len(el) > 3 {
					cur.Loaded = el[3] == "L"
				}
			}
		case "R4":
			if cur != nil && len(el) > 3 {
				switch el[1] {
				case "J":
					cur.Junction = el[3]
				default:
					cur.Location = el[3]
				}
			}
		case "N9":
			if cur != nil && len(el) > 2 {
				switch el[1] {
				case "FR":
					cur.FromRoad = el[2]
				case "TR":
					cur.ToRoad = el[2]
				case "RR":
					cur.Railroad = el[2]
				}
			}
		case "SE":
			flush()
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return ic, nil
}

// eventID derives a stable id from the event's content: railroads resend the
// same car event in new interchanges with new control numbers.
func eventID(e *domain.MovementEvent) string {
	h := sha1.Sum([]byte(strings.Join([]string{
		e.Railroad, e.CarMark, e.Type, e.OccurredAt.Format(time.RFC3339), e.Location, e.Junction,
	}, "|")))
	return "edi-" + hex.EncodeToString(h[:12])
}

func splitOn(term byte) bufio.SplitFunc {
	return func(data []byte, atEOF bool) (int, []byte, error) {
		if i := bytes.IndexByte(data, term); i >= 0 {
			return i + 1, data[:i], nil
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	}
}

// Ack builds a minimal 997 functional acknowledgment for an interchange.
func Ack(ic *Interchange, accepted bool) []byte {
	code := "A"
	if !accepted {
		code = "R"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "ST*997*0001~AK1*TM*%s~AK9*%s*1*1*1~SE*4*0001~", ic.ControlNumber, code)
	return []byte(b.String())
}
