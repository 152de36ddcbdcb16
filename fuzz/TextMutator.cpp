//===- TextMutator.cpp - mutations that keep MLIR text close to valid -----===//
#include "fuzz/TextMutator.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <random>
#include <string>

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

using namespace aircheck::fuzz;

namespace {

std::vector<std::string> splitLines(const uint8_t *data, size_t size) {
  std::vector<std::string> lines;
  std::string cur;
  for (size_t i = 0; i < size; ++i) {
    cur += static_cast<char>(data[i]);
    if (data[i] == '\n') {
      lines.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty())
    lines.push_back(std::move(cur));
  return lines;
}

size_t store(const std::vector<std::string> &lines, uint8_t *data,
             size_t maxSize) {
  size_t n = 0;
  for (const std::string &l : lines) {
    if (n + l.size() > maxSize)
      break;
    std::memcpy(data + n, l.data(), l.size());
    n += l.size();
  }
  return n;
}

bool isIdChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$' || c == '-';
}

/// Spans [begin, end) of `text` that `match` accepts, found by scanning
/// identifier-like runs.
template <typename Pred>
std::vector<std::pair<size_t, size_t>> spans(const std::string &text,
                                             Pred match) {
  std::vector<std::pair<size_t, size_t>> out;
  for (size_t i = 0; i < text.size();) {
    size_t b = i;
    if (text[i] == '%' || text[i] == '^')
      ++i;
    while (i < text.size() && isIdChar(text[i]))
      ++i;
    if (i == b) {
      ++i;
      continue;
    }
    if (match(text.substr(b, i - b)))
      out.push_back({b, i});
  }
  return out;
}

bool isNumber(const std::string &s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(c); });
}

bool isOpName(const std::string &s) {
  size_t dot = s.find('.');
  return dot != std::string::npos && dot > 0 && std::islower(s[0]) &&
         s.find_first_of("%^") == std::string::npos;
}

/// Replaces one span of `line` chosen among `where` by `with`.
void replaceOne(std::string &line,
                const std::vector<std::pair<size_t, size_t>> &where,
                const std::string &with, std::mt19937 &rng) {
  if (where.empty())
    return;
  auto [b, e] = where[rng() % where.size()];
  line.replace(b, e - b, with);
}

/// A name of the whole input with the same sigil (`%` or `^`).
std::string otherName(const std::vector<std::string> &lines, char sigil,
                      std::mt19937 &rng) {
  std::vector<std::string> names;
  for (const std::string &l : lines)
    for (auto [b, e] : spans(l, [&](const std::string &s) {
           return s.size() > 1 && s[0] == sigil;
         }))
      names.push_back(l.substr(b, e - b));
  if (names.empty())
    return std::string(1, sigil) + std::to_string(rng() % 16);
  return names[rng() % names.size()];
}

} // namespace

size_t aircheck::fuzz::mutate(const Dictionary &dict, uint8_t *data,
                              size_t size, size_t maxSize, unsigned seed) {
  std::mt19937 rng(seed);
  if (size == 0 || rng() % 5 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::vector<std::string> lines = splitLines(data, size);
  size_t a = rng() % lines.size(), b = rng() % lines.size();
  std::string &line = lines[a];
  switch (rng() % 9) {
  case 0: // delete a line
    if (lines.size() > 1)
      lines.erase(lines.begin() + a);
    break;
  case 1: // duplicate a line
    lines.insert(lines.begin() + b, line);
    break;
  case 2: // swap two lines
    std::swap(lines[a], lines[b]);
    break;
  case 3: { // move a line
    std::string l = line;
    lines.erase(lines.begin() + a);
    lines.insert(lines.begin() + (lines.empty() ? 0 : b % (lines.size() + 1)),
                 l);
    break;
  }
  case 4: { // rewrite a number
    static const char *const kNumbers[] = {"0",  "1",    "2",     "3",  "4",
                                           "7",  "8",    "15",    "16", "31",
                                           "32", "63",   "64",    "255",
                                           "256", "1024", "65535", "-1"};
    replaceOne(line, spans(line, isNumber),
               kNumbers[rng() % (sizeof(kNumbers) / sizeof(*kNumbers))], rng);
    break;
  }
  case 5: // rename a block label (a use or a definition)
    replaceOne(line,
               spans(line, [](const std::string &s) { return s[0] == '^'; }),
               otherName(lines, '^', rng), rng);
    break;
  case 6: // rename an SSA value
    replaceOne(line,
               spans(line, [](const std::string &s) { return s[0] == '%'; }),
               otherName(lines, '%', rng), rng);
    break;
  case 7: // swap an op name for another of the dialect
    if (!dict.opNames.empty())
      replaceOne(line, spans(line, isOpName),
                 dict.opNames[rng() % dict.opNames.size()], rng);
    break;
  default: { // a keyword in place of a token
    if (dict.tokens.empty())
      break;
    auto all = spans(line, [](const std::string &) { return true; });
    const char *tok = dict.tokens[rng() % dict.tokens.size()];
    if (all.empty())
      line.insert(0, std::string(tok) + " ");
    else
      replaceOne(line, all, tok, rng);
  }
  }
  return store(lines, data, maxSize);
}

size_t aircheck::fuzz::crossOver(const uint8_t *data1, size_t size1,
                                 const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t maxOutSize,
                                 unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<std::string> l1 = splitLines(data1, size1),
                           l2 = splitLines(data2, size2);
  std::vector<std::string> spliced(
      l1.begin(), l1.begin() + (l1.empty() ? 0 : rng() % (l1.size() + 1)));
  if (!l2.empty())
    spliced.insert(spliced.end(), l2.begin() + rng() % l2.size(), l2.end());
  return store(spliced, out, maxOutSize);
}
