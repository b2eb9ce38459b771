// Package ingest receives daily usage reports from stores and turns them
// into usage lines.
package ingest

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// Line is one parsed row of a store report.
type Line struct {
	LineNo      int
	ISRC        string
	Territory   string
	UsageDate   time.Time
	Streams     int64
	GrossMicros int64
	Currency    string
}

var header = []string{"isrc", "territory", "usage_date", "streams", "gross", "currency"}

// ParseCSV reads the stores' common report format.
func ParseCSV(body []byte) ([]Line, error) {
	r := csv.NewReader(bytes.NewReader(body))
	r.FieldsPerRecord = len(header)
	r.TrimLeadingSpace = true
	first, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("ingest: header: %w", err)
	}
	for i, h := range header {
		if !strings.EqualFold(strings.TrimSpace(first[i]), h) {
			return nil, fmt.Errorf("ingest: unexpected column %q at %d", first[i], i)
		}
	}
	var out []Line
	lineNo := 1
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("ingest: line %d: %w", lineNo+1, err)
		}
		lineNo++
		l, err := parseRecord(lineNo, rec)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

func parseRecord(n int, rec []string) (Line, error) {
	d, err := time.Parse("2006-01-02", rec[2])
	if err != nil {
		return Line{}, fmt.Errorf("ingest: line %d: usage_date: %w", n, err)
	}
	streams, err := strconv.ParseInt(rec[3], 10, 64)
	if err != nil {
		return Line{}, fmt.Errorf("ingest: line %d: streams: %w", n, err)
	}
	gross, err := strconv.ParseFloat(rec[4], 64)
	if err != nil {
		return Line{}, fmt.Errorf("ingest: line %d: gross: %w", n, err)
	}
	return Line{
		LineNo:      n,
		ISRC:        strings.ToUpper(strings.TrimSpace(rec[0])),
		Territory:   strings.ToUpper(strings.TrimSpace(rec[1])),
		UsageDate:   d,
		Streams:     streams,
		GrossMicros: int64(math.Round(gross * 1e6)),
		Currency:    strings.ToUpper(strings.TrimSpace(rec[5])),
	}, nil
}
