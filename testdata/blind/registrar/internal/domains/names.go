package domains

import (
	"errors"
	"sort"
	"strings"

	"golang.org/x/net/idna"
)

var ErrInvalidName = errors.New("invalid domain name")

// NormalizeName lower-cases the name and converts it to its ASCII form.
func NormalizeName(raw string) (string, error) {
	name := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(raw)), ".")
	ascii, err := idna.Lookup.ToASCII(name)
	if err != nil || !strings.Contains(ascii, ".") || len(ascii) > 253 {
		return "", ErrInvalidName
	}
	return ascii, nil
}

// NormalizeHosts lower-cases, de-duplicates and sorts nameserver host names.
func NormalizeHosts(hosts []string) ([]string, error) {
	seen := make(map[string]struct{}, len(hosts))
	out := make([]string, 0, len(hosts))
	for _, h := range hosts {
		n, err := NormalizeName(h)
		if err != nil {
			return nil, err
		}
		if _, ok := seen[n]; ok {
			continue
		}
		seen[n] = struct{}{}
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

// diffHosts returns the hosts to add to and remove from current to reach want.
func diffHosts(current, want []string) (add, rem []string) {
	cur := make(map[string]bool, len(current))
	for _, h := range current {
		cur[strings.ToLower(h)] = true
	}
	w := make(map[string]bool, len(want))
	for _, h := range want {
		w[h] = true
		if !cur[h] {
			add = append(add, h)
		}
	}
	for _, h := range current {
		if !w[strings.ToLower(h)] {
			rem = append(rem, h)
		}
	}
	return add, rem
}
